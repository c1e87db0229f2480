import { z } from 'zod';
import { id } from './fields.ts';

// The owner's preview of a guest page while the club waits for activation (0073): a short-lived
// signed address the guest page accepts in place of the club being active.

/** The query parameter of a guest page that carries the preview's signature. */
export const GUEST_PREVIEW_PARAM = 'preview';

export { GUEST_PREVIEW_MINUTES } from './limits.ts';

/** GET /clubs/{clubId}/guest-preview?tableId=: which table; without it, the club's first. */
export const GuestPreviewQuerySchema = z.object({ tableId: id.optional() });
export type GuestPreviewQuery = z.infer<typeof GuestPreviewQuerySchema>;

/** The table's guest page as the owner's preview; 404 when the club has no such table (or none). */
export const GuestPreviewLinkSchema = z.object({
  tableId: id,
  /** The guest page's path with the signed preview parameter (same origin as the API). */
  url: z.string(),
  /** When the address stops working (ISO). */
  expiresAt: z.string(),
});
export type GuestPreviewLink = z.infer<typeof GuestPreviewLinkSchema>;
