import type { LoginRequestSchema, ResendActivationRequestSchema } from '@carta/contract/accounts';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

export type LoginRequest = z.output<typeof LoginRequestSchema>;

// The login is many people's first page: its schemas load on demand (lib/api-client.ts).
const schemas = () => import('@carta/contract/accounts');

export const login = (body: LoginRequest) =>
  apiRequest('/login', {
    method: 'POST',
    body,
    responseSchema: async () => (await schemas()).LoginResponseSchema,
  });

export const useLogin = () =>
  useMutation({
    mutationFn: login,
    // The form shows every failure itself, next to the fields.
    meta: { hasOwnErrorMessage: true },
  });

export const resendActivation = (body: z.output<typeof ResendActivationRequestSchema>) =>
  apiRequest('/users/activate/resend', {
    method: 'POST',
    body,
    responseSchema: async () => (await schemas()).OutcomeResponseSchema,
  });

export const useResendActivation = () =>
  useMutation({ mutationFn: resendActivation, meta: { hasOwnErrorMessage: true } });
