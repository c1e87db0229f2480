import {
  AdminAuthenticatorResetsSchema,
  AuthenticatorResetDecisionSchema,
  type AuthenticatorResetRefusal,
} from '@carta/contract/authenticator';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /admin/authenticator-resets: the requests waiting for support (0072). */
export const authenticatorResetsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'authenticator-resets'],
    queryFn: ({ signal }) =>
      apiRequest('/admin/authenticator-resets', { responseSchema: AdminAuthenticatorResetsSchema, signal }),
  });

export const useAuthenticatorResets = () => useQuery(authenticatorResetsQueryOptions());

export type AuthenticatorResetDecisionInput = {
  resetId: number;
  decision: 'approve' | 'refuse';
  /** Quoted in the refusal email; ignored when approving. */
  note?: string;
};

/** POST /admin/authenticator-resets/{id}/approve, or /refuse with support's note for the owner. */
export const decideAuthenticatorReset = ({ resetId, decision, note }: AuthenticatorResetDecisionInput) =>
  apiRequest(`/admin/authenticator-resets/${resetId}/${decision}`, {
    method: 'POST',
    ...(decision === 'refuse' ? { body: { note: note || null } satisfies AuthenticatorResetRefusal } : {}),
    responseSchema: AuthenticatorResetDecisionSchema,
  });

/** A decision refreshes the console's lists (the requests, the audit log). */
export const useDecideAuthenticatorReset = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideAuthenticatorReset,
    meta: { hasOwnErrorMessage: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
};
