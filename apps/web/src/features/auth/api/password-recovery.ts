import {
  OutcomeResponseSchema,
  type PasswordRecoveryRequestSchema,
  type PasswordResetRequestSchema,
} from '@carta/contract/accounts';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

export const requestPasswordRecovery = (body: z.output<typeof PasswordRecoveryRequestSchema>) =>
  apiRequest('/users/password/recovery', { method: 'POST', body, responseSchema: OutcomeResponseSchema });

export const usePasswordRecovery = () =>
  useMutation({ mutationFn: requestPasswordRecovery, meta: { hasOwnErrorMessage: true } });

export const resetPassword = (body: z.output<typeof PasswordResetRequestSchema>) =>
  apiRequest('/users/password/reset', { method: 'POST', body, responseSchema: OutcomeResponseSchema });

export const usePasswordReset = () =>
  useMutation({ mutationFn: resetPassword, meta: { hasOwnErrorMessage: true } });
