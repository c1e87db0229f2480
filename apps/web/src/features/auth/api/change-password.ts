import type { ChangePasswordRequestSchema } from '@carta/contract/accounts';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

export type ChangePasswordRequest = z.output<typeof ChangePasswordRequestSchema>;

export const changePassword = (body: ChangePasswordRequest) =>
  apiRequest('/users/me/password', { method: 'POST', body });

export const useChangePassword = () =>
  useMutation({ mutationFn: changePassword, meta: { hasOwnErrorMessage: true } });
