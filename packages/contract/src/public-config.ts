import { z } from 'zod';

/** What the owner app needs to know about the server before anyone logs in: `GET /api/v1/config`. */
export const PublicConfigResponseSchema = z.object({
  /** Identifies the owner app build the server is serving; a client built otherwise is out of date. */
  build: z.string(),
  privacyUrl: z.url(),
  cookieUrl: z.url(),
  termsUrl: z.url(),
  supportEmail: z.email(),
});
export type PublicConfigResponse = z.infer<typeof PublicConfigResponseSchema>;

/** Response header carrying the server's owner app build on every API answer. */
export const BUILD_HEADER = 'x-carta-build';
