import { LoginResponseSchema, OutcomeResponseSchema } from '@carta/contract/accounts';
import {
  AuthenticatorResetLinkResponseSchema,
  type AuthenticatorResetRequestSchema,
  type EnrolmentFinishRequestSchema,
  type EnrolmentStartRequestSchema,
  EnrolmentStartResponseSchema,
  type TotpConfirmRequestSchema,
} from '@carta/contract/authenticator';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../lib/api-client.ts';

// The authenticator beyond the login (decisions 0051 and 0072): the sign-up's first code, a lost one's reset, and
// enrolling a new one once support has reset it.

/** POST /users/totp/confirm: the sign-up's last step checks one code of the scanned secret. */
export const confirmTotp = (body: z.output<typeof TotpConfirmRequestSchema>) =>
  apiRequest('/users/totp/confirm', { method: 'POST', body, responseSchema: OutcomeResponseSchema });

export const useConfirmTotp = () =>
  useMutation({ mutationFn: confirmTotp, meta: { hasOwnErrorMessage: true } });

/** POST /users/authenticator/reset: asks support to reset a lost authenticator. */
export const requestAuthenticatorReset = (body: z.output<typeof AuthenticatorResetRequestSchema>) =>
  apiRequest('/users/authenticator/reset', { method: 'POST', body, responseSchema: OutcomeResponseSchema });

export const useRequestAuthenticatorReset = () =>
  useMutation({ mutationFn: requestAuthenticatorReset, meta: { hasOwnErrorMessage: true } });

/** POST /users/authenticator/reset/confirm: the emailed link hands the request to support. */
export const confirmAuthenticatorReset = (token: string) =>
  apiRequest('/users/authenticator/reset/confirm', {
    method: 'POST',
    body: { token },
    responseSchema: AuthenticatorResetLinkResponseSchema,
  });

// A query, not a mutation: the page runs it once on arrival. The token is single-use, so never retried.
export const useConfirmAuthenticatorReset = (token: string) =>
  useQuery({
    queryKey: ['authenticator-reset-link', token],
    queryFn: () => confirmAuthenticatorReset(token),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    enabled: token !== '',
    meta: { hasOwnErrorMessage: true },
  });

/** POST /users/totp/enrolment: a new secret to scan after support's reset. */
export const startEnrolment = (body: z.output<typeof EnrolmentStartRequestSchema>) =>
  apiRequest('/users/totp/enrolment', { method: 'POST', body, responseSchema: EnrolmentStartResponseSchema });

export const useStartEnrolment = () =>
  useMutation({ mutationFn: startEnrolment, meta: { hasOwnErrorMessage: true } });

/** POST /users/totp/enrolment/confirm: saves it with its first code and logs in. */
export const finishEnrolment = (body: z.output<typeof EnrolmentFinishRequestSchema>) =>
  apiRequest('/users/totp/enrolment/confirm', { method: 'POST', body, responseSchema: LoginResponseSchema });

export const useFinishEnrolment = () =>
  useMutation({ mutationFn: finishEnrolment, meta: { hasOwnErrorMessage: true } });
