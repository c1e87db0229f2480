import type { ClubRole, Invitation, InvitationPreview, Member } from '@carta/contract/members';
import { formatPhone } from '@carta/contract/phone-numbers';

// What the people screens show, decided apart from how (docs/product.md, Staff and roles).

export const fullName = (person: Pick<Member, 'name' | 'lastName'>): string =>
  `${person.name} ${person.lastName}`.trim();

/** Two letters for the avatar: name and last name, or the first two of a single word. */
export const initialsOf = (person: Pick<Member, 'name' | 'lastName'>): string => {
  const words = fullName(person).split(/\s+/).filter(Boolean);
  const letters =
    words.length > 1 ? `${words[0]?.[0] ?? ''}${words.at(-1)?.[0] ?? ''}` : (words[0] ?? '').slice(0, 2);
  return letters.toUpperCase();
};

/** Whom an invitation went to: its email, else its phone as people write it. */
export const contactOf = (invitation: Pick<Invitation, 'email' | 'phone'>): string =>
  invitation.email ?? (invitation.phone ? formatPhone(invitation.phone) : '');

/** What the owner may do with each person: nothing with themselves, the rest may change role or go. */
export const isChangeable = (member: Pick<Member, 'role'>): boolean => member.role !== 'owner';

/** Who may become the owner: anyone of the club but its owner. */
export const ownershipCandidates = (members: readonly Member[]): Member[] =>
  members.filter((member) => member.role !== 'owner');

/** The people as the list shows them: the owner first, then managers, then staff, each by name. */
export const sortedMembers = (members: readonly Member[]): Member[] => {
  const rank: Record<ClubRole, number> = { owner: 0, manager: 1, staff: 2 };
  return [...members].sort((a, b) => rank[a.role] - rank[b.role] || fullName(a).localeCompare(fullName(b)));
};

/** What an invitation's link page shows. */
export type InvitationView =
  | { kind: 'loading' }
  | { kind: 'notFound' }
  | { kind: 'failed' }
  | { kind: 'closed'; status: 'accepted' | 'expired' | 'withdrawn' }
  | { kind: 'open'; preview: InvitationPreview };

/**
 * The link page's state from the preview's answer: a refused token (4xx) is not found, no answer is a
 * failure to retry, and a pending invitation past its date reads as expired even before the server says so.
 */
export const invitationViewOf = ({
  preview,
  errorStatus,
  now,
}: {
  preview: InvitationPreview | undefined;
  /** The failed preview's HTTP status (0 without an answer), undefined when it has not failed. */
  errorStatus: number | undefined;
  now: Date;
}): InvitationView => {
  if (errorStatus !== undefined)
    return errorStatus >= 400 && errorStatus < 500 ? { kind: 'notFound' } : { kind: 'failed' };
  if (!preview) return { kind: 'loading' };
  if (preview.status !== 'pending') return { kind: 'closed', status: preview.status };
  if (new Date(preview.expiresAt).getTime() <= now.getTime()) return { kind: 'closed', status: 'expired' };
  return { kind: 'open', preview };
};
