import { z } from 'zod';
import { TokenQuerySchema } from './accounts.ts';
import { ClubStateSchema } from './clubs.ts';
import { id } from './fields.ts';

// The operations team's activation link (0053): the email's link opens a page that reads the link
// (GET, changes nothing, so a mail scanner that follows it activates nothing) and activates on a click
// (POST). An unknown or expired link answers 400 CLUB_ACTIVATION_LINK_INVALID.

/** POST /clubs/activate: the link's token, in the body (never in an address a proxy logs). */
export const ClubActivationRequestSchema = TokenQuerySchema;
export type ClubActivationRequest = z.infer<typeof ClubActivationRequestSchema>;

/** The club a link names, as the operations page shows it. */
const ActivationClubSchema = z.object({
  clubId: id,
  clubName: z.string(),
  city: z.string(),
  /** The owner's first and last name. */
  owner: z.string(),
  state: ClubStateSchema,
  /** When the club was activated (ISO), null while it waits. */
  activatedAt: z.string().nullable(),
});

/** GET /clubs/activate?token=: what the link would activate, and whether it already was. */
export const ClubActivationLinkSchema = ActivationClubSchema;
export type ClubActivationLink = z.infer<typeof ClubActivationLinkSchema>;

/** POST /clubs/activate: activated now (the owner was emailed), or it was not waiting any more. */
export const ClubActivationResponseSchema = ActivationClubSchema.extend({
  outcome: z.enum(['activated', 'alreadyActive']),
});
export type ClubActivationResponse = z.infer<typeof ClubActivationResponseSchema>;
