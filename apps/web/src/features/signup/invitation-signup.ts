import { CreateUserRequestSchema } from '@carta/contract/accounts';
import { z } from 'zod';

// Signing up from an invitation's link (docs/product.md, Staff and roles): the wizard without the club's
// step; the account joins the inviting club once its authenticator's first code is confirmed.

/** What the invitation page hands the wizard in the navigation's state, never in the address. */
export type SignupInvitation = { token: string; email: string | null };

/** The invitation in a location's state, or null for an ordinary sign-up. */
export const invitationOf = (state: unknown): SignupInvitation | null => {
  if (typeof state !== 'object' || state === null || !('invitationToken' in state)) return null;
  const { invitationToken } = state;
  if (typeof invitationToken !== 'string' || invitationToken === '') return null;
  const email =
    'invitationEmail' in state && typeof state.invitationEmail === 'string' ? state.invitationEmail : null;
  return { token: invitationToken, email };
};

/**
 * The email the invitation went to confirms the account's own (the link came to it): the invitee may log
 * in at once, with no activation email to open. Compared as mail servers do, case and spaces aside.
 */
export const isEmailConfirmedBy = (invitation: SignupInvitation, email: string): boolean =>
  invitation.email !== null && invitation.email.trim().toLowerCase() === email.trim().toLowerCase();

/** The wizard's form checked as the invitee's sign-up: the account's fields alone, no club. */
export const InvitationSignupSchema = z.object({ account: CreateUserRequestSchema });

/** The steps shown: the club's (2) is left out from an invitation. */
export const signupSteps = (invitation: SignupInvitation | null): number[] =>
  invitation ? [0, 1, 3] : [0, 1, 2, 3];
