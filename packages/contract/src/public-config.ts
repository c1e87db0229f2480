import { z } from 'zod';
import { PaymentProviderSchema } from './billing.ts';

/** What the owner app needs to know about the server before anyone logs in: `GET /api/v1/config`. */
export const PublicConfigResponseSchema = z.object({
  /** Identifies the owner app build the server is serving; a client built otherwise is out of date. */
  build: z.string(),
  privacyUrl: z.url(),
  cookieUrl: z.url(),
  termsUrl: z.url(),
  supportEmail: z.email(),
  /** Who takes payments, and Stripe's publishable key when it is Stripe (loaded only on the payment screen). */
  payments: z.object({ provider: PaymentProviderSchema, publishableKey: z.string().nullable() }),
  /** Whether a translation provider is configured: the owner app offers suggested translations (0088). */
  translationSuggestions: z.boolean(),
});
export type PublicConfigResponse = z.infer<typeof PublicConfigResponseSchema>;

/** Response header carrying the server's owner app build on every API answer. */
export const BUILD_HEADER = 'x-carta-build';
