import type { PaymentMethod } from '@carta/contract/billing';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureMessage } from '../../lib/use-mutation-with-toast.ts';
import { useAddPaymentMethod } from './api/add-payment-method.ts';
import { paymentSetupQueryOptions } from './api/get-payment-setup.ts';
import { SandboxCardForm } from './sandbox-card-form.tsx';

// Stripe's form (and Stripe.js with it) downloads only when the provider is Stripe.
const StripeCardForm = lazy(async () => ({
  default: (await import('./stripe-card-form.tsx')).StripeCardForm,
}));

const FormSkeleton = () => {
  const { t } = useTranslation();
  return <Skeleton variant="rounded" height={220} aria-label={t('common.loading')} />;
};

type CardSetupFormProps = {
  clubId: string;
  /** The card is saved (and, for the first card, primary). */
  onSaved: (method: PaymentMethod) => void;
  onCancel?: () => void;
};

/**
 * Adds a card: a setup from the API, the provider's card form (the sandbox's own, or Stripe's Payment
 * Element), then the card saved from the confirmed setup.
 */
export const CardSetupForm = ({ clubId, onSaved, onCancel }: CardSetupFormProps) => {
  const { t } = useTranslation();
  const [attempt, setAttempt] = useState(0);
  // The previous setup stays shown while a new one comes, so the card typed in is not lost.
  const setup = useQuery({ ...paymentSetupQueryOptions(clubId, attempt), placeholderData: keepPreviousData });
  const add = useAddPaymentMethod(clubId);

  // Not useMutationWithToast: the card form shows the failure in its own alert, not in a toast.
  const saveCard = async (setupId: string): Promise<string | null> => {
    try {
      onSaved(await add.mutateAsync({ setupId }));
      return null;
    } catch (error) {
      return failureMessage(error, t('errors.GENERIC_TRY_LATER'));
    }
  };

  if (setup.isError && !setup.data)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void setup.refetch()}>
            {t('common.tryAgain')}
          </Button>
        }
      >
        {failureMessage(setup.error, t('errors.GENERIC_TRY_LATER'))}
      </Alert>
    );
  if (!setup.data) return <FormSkeleton />;
  if (setup.data.provider === 'stripe')
    return (
      <Suspense fallback={<FormSkeleton />}>
        <StripeCardForm setup={setup.data} onSaveCard={saveCard} onCancel={onCancel} />
      </Suspense>
    );
  return (
    <SandboxCardForm
      setup={setup.data}
      isSetupReady={!setup.isPlaceholderData && !setup.isFetching}
      onSaveCard={saveCard}
      onSetupSpent={() => setAttempt((current) => current + 1)}
      onCancel={onCancel}
    />
  );
};
