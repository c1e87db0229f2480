import { z } from 'zod';
import { ClubParamsSchema } from './clubs.ts';
import { IMAGE_CONTENT_TYPES } from './limits.ts';

// The image upload flow (docs/decisions/0011): ask for a signed address, PUT the bytes there, then
// complete the upload so the server checks, re-encodes and stores the image.

/** What an image is for; each purpose has its own sizes. */
export const IMAGE_PURPOSES = ['logo', 'banner', 'background', 'photo'] as const;
export const ImagePurposeSchema = z.enum(IMAGE_PURPOSES);
export type ImagePurpose = z.infer<typeof ImagePurposeSchema>;

export const ImageContentTypeSchema = z.enum(IMAGE_CONTENT_TYPES, {
  error: 'errors.IMAGE_TYPE_NOT_SUPPORTED',
});

export const CreateUploadRequestSchema = z
  .object({ purpose: ImagePurposeSchema, contentType: ImageContentTypeSchema })
  .strict();
export type CreateUploadRequest = z.infer<typeof CreateUploadRequestSchema>;

/** The purpose rides in the id so completing needs nothing stored in between. */
export const UPLOAD_ID_PATTERN = /^(logo|banner|background|photo)-[0-9a-f]{32}$/;

export const UploadTicketSchema = z.object({
  uploadId: z.string().regex(UPLOAD_ID_PATTERN),
  /** Absolute or server-relative address to PUT the image to, with the image's content type. */
  uploadUrl: z.string(),
  expiresAt: z.string(),
});
export type UploadTicket = z.infer<typeof UploadTicketSchema>;

export const UploadParamsSchema = ClubParamsSchema.extend({
  uploadId: z.string().regex(UPLOAD_ID_PATTERN),
});
