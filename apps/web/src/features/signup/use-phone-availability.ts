import { useCheckPhone } from '../../api/check-phone.ts';

/**
 * The wizard's first step asks whether the phone may still sign up (docs/decisions/0066). A check that
 * fails (no answer, too many checks) lets the wizard go on: the sign-up itself refuses a taken phone.
 */
export const usePhoneAvailability = () => {
  const check = useCheckPhone();
  // Not useMutationWithToast: a failed check says nothing, the wizard just goes on.
  const isAvailable = async (phone: string) => {
    try {
      return (await check.mutateAsync({ phone })).available;
    } catch {
      return true;
    }
  };
  return { isAvailable, isChecking: check.isPending };
};
