import type { DeleteAccountRequestSchema } from '@carta/contract/accounts';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

export const deleteAccount = (body: z.output<typeof DeleteAccountRequestSchema>) =>
  apiRequest('/users/me', { method: 'DELETE', body });

export const useDeleteAccount = () =>
  useMutation({ mutationFn: deleteAccount, meta: { hasOwnErrorMessage: true } });
