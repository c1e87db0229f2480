import { phone, totp } from '@carta/contract/fields';
import { z } from 'zod';

// TODO(contract): use LoginRequestSchema from @carta/contract/api once it lands. The password is only
// required here, not checked against the sign-up rules: those may change, and an old password must
// still let its owner in.
export const LoginFormSchema = z.object({
  username: phone,
  password: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }),
  totp,
});
export type LoginFormInput = z.input<typeof LoginFormSchema>;
export type LoginRequest = z.output<typeof LoginFormSchema>;
