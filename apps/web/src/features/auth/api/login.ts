import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import type { LoginRequest } from '../login-form-schema.ts';

// TODO(contract): use LoginResponseSchema from @carta/contract/api once it lands.
const LoginResponseSchema = z.object({ token: z.string().min(1), admin: z.boolean() });
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

export const login = (body: LoginRequest) =>
  apiRequest('/login', { method: 'POST', body, responseSchema: LoginResponseSchema });

export const useLogin = () =>
  useMutation({
    mutationFn: login,
    // The form shows every failure itself, next to the fields.
    meta: { hasOwnErrorMessage: true },
  });
