import { type PhoneCheckRequest, PhoneCheckResponseSchema } from '@carta/contract/accounts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client.ts';

/** POST /users/phone-check: whether a phone may still sign up (docs/decisions/0066). */
export const checkPhone = (body: PhoneCheckRequest) =>
  apiRequest('/users/phone-check', { method: 'POST', body, responseSchema: PhoneCheckResponseSchema });

// A mutation, not a query: the wizard asks once per press of "Next", never from a cache.
export const useCheckPhone = () =>
  useMutation({ mutationFn: checkPhone, meta: { hasOwnErrorMessage: true } });
