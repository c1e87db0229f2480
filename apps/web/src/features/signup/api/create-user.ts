import { type CreateUserRequestSchema, CreateUserResponseSchema } from '@carta/contract/accounts';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

export type CreateUserRequest = z.output<typeof CreateUserRequestSchema>;

/** POST /users: an account without a club; with the invitation's token it joins that club once confirmed. */
export const createUser = (body: CreateUserRequest) =>
  apiRequest('/users', { method: 'POST', body, responseSchema: CreateUserResponseSchema });

export const useCreateUser = () =>
  // The form places every failure on its field.
  useMutation({ mutationFn: createUser, meta: { hasOwnErrorMessage: true } });
