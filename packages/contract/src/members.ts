import { z } from 'zod';
import { email, id } from './fields.ts';
import { phone } from './phone-numbers.ts';

// A club's people and their roles (docs/product.md, Staff and roles).

/** Highest first: each role may do everything the ones after it may. */
export const CLUB_ROLES = ['owner', 'manager', 'staff'] as const;
export type ClubRole = (typeof CLUB_ROLES)[number];

/** The roles an owner can give: a club has exactly one owner, changed only by handing ownership over. */
export const MEMBER_ROLES = ['manager', 'staff'] as const satisfies readonly ClubRole[];
export type MemberRole = (typeof MEMBER_ROLES)[number];

/** Whether `role` may call what needs at least `needed`. */
export const roleReaches = (role: ClubRole, needed: ClubRole): boolean =>
  CLUB_ROLES.indexOf(role) <= CLUB_ROLES.indexOf(needed);

// Limits of docs/product.md, Rules and limits (Staff and roles).

/** An invitation's link works for this many days. */
export const INVITATION_LIFETIME_DAYS = 7;
/** Invitations of one club waiting for an answer at once. */
export const PENDING_INVITATIONS_MAX = 20;
/** Invitations one club may send in an hour (withdrawn ones count). */
export const INVITATIONS_PER_HOUR = 10;

/**
 * The club's company and e-invoice data, in PATCH /clubs/{clubId}: only its owner changes them (billing); a
 * manager's request carrying any of them is refused with ROLE_NOT_ALLOWED.
 */
export const OWNER_ONLY_CLUB_FIELDS = [
  'companyName',
  'vatNumber',
  'billingAddress',
  'sdiCode',
  'pec',
  'fiscalCode',
] as const;

// The shapes of the members routes, shared by the API and the owner app (docs/product.md, Staff and roles).

export const ClubRoleSchema = z.enum(CLUB_ROLES);
export const MemberRoleSchema = z.enum(MEMBER_ROLES, { error: 'validation.required' });

export const MemberParamsSchema = z.object({ clubId: id, accountId: id });
export const InvitationParamsSchema = z.object({ clubId: id, invitationId: id });
/** /invitations/{invitationId}/...: an invitation addressed to the logged-in account. */
export const MyInvitationParamsSchema = z.object({ invitationId: id });

/** A person of the club, its owner included. */
export const MemberSchema = z.object({
  accountId: z.number().int(),
  name: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  role: ClubRoleSchema,
  /** ISO date-time they joined (the owner: when the club was made or handed over). */
  since: z.string(),
});
export type Member = z.infer<typeof MemberSchema>;

/** An invitation not yet accepted, withdrawn or expired. */
export const InvitationSchema = z.object({
  id: z.number().int(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  role: z.enum(MEMBER_ROLES),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type Invitation = z.infer<typeof InvitationSchema>;

export const MembersResponseSchema = z.object({
  members: z.array(MemberSchema),
  invitations: z.array(InvitationSchema),
});
export type MembersResponse = z.infer<typeof MembersResponseSchema>;

/** An email, a phone or both; the email gets the link, a matching account sees it in the app. */
export const InvitationInputSchema = z
  .object({
    email: email
      .pipe(z.string().max(254, { error: 'validation.tooLong?max=254' }))
      .optional()
      .or(z.literal('').transform(() => undefined)),
    phone: phone.optional().or(z.literal('').transform(() => undefined)),
    role: MemberRoleSchema,
  })
  .strict()
  .refine((value) => value.email !== undefined || value.phone !== undefined, {
    path: ['email'],
    error: 'validation.emailOrPhone',
  });
export type InvitationInput = z.input<typeof InvitationInputSchema>;

export const MemberRoleInputSchema = z.object({ role: MemberRoleSchema }).strict();

/** Handing the club over: the owner becomes a manager; their password says it is really them. */
export const OwnershipInputSchema = z
  .object({
    accountId: id,
    password: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }).max(200),
  })
  .strict();

/** What an invitation link shows before anyone logs in: nothing more than the club's name and the role. */
export const InvitationPreviewSchema = z.object({
  clubName: z.string(),
  role: z.enum(MEMBER_ROLES),
  /** `pending`, or why it can no longer be accepted. */
  status: z.enum(['pending', 'accepted', 'expired', 'withdrawn']),
  expiresAt: z.string(),
  /** The address it was sent to (null: a phone-only invitation), to fill the sign-up form with. */
  email: z.string().nullable(),
});
export type InvitationPreview = z.infer<typeof InvitationPreviewSchema>;

/** An invitation addressed to the logged-in account (its email or phone), shown in the app to accept. */
export const MyInvitationSchema = z.object({
  id: z.number().int(),
  clubId: z.number().int(),
  clubName: z.string(),
  role: z.enum(MEMBER_ROLES),
  invitedBy: z.string(),
  expiresAt: z.string(),
});
export type MyInvitation = z.infer<typeof MyInvitationSchema>;
export const MyInvitationsResponseSchema = z.object({ invitations: z.array(MyInvitationSchema) });

/**
 * Sign-up from an invitation (POST /users with `invitationToken`, see accounts.ts): the invitee makes an
 * account, no club; once the authenticator's first code is confirmed the account joins the club, and its
 * email counts as confirmed when it is the one the invitation was sent to.
 */
export const invitationToken = z.string().min(1, { error: 'validation.required' }).max(200);

/** An invitation's link token, to preview or accept it. */
export const InvitationTokenInputSchema = z.object({ token: invitationToken }).strict();
export const AcceptedInvitationSchema = z.object({ clubId: z.number().int(), role: z.enum(MEMBER_ROLES) });
export type AcceptedInvitation = z.infer<typeof AcceptedInvitationSchema>;

/** POST /clubs/{clubId}/ownership: who owns the club now, and the caller's role after it (manager). */
export const OwnershipResponseSchema = z.object({ ownerAccountId: z.number().int(), role: ClubRoleSchema });
export type OwnershipResponse = z.infer<typeof OwnershipResponseSchema>;
