import type { ClubRole, Member, MemberRole } from '@carta/contract/members';
import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client.ts';
import { accounts, clubMembers, clubs } from '../../db/schema.ts';

// Every query of a club's people: its owner (clubs.owner_id) and its members (club_members).

const personColumns = {
  accountId: accounts.id,
  name: accounts.name,
  lastName: accounts.lastName,
  email: accounts.email,
  phone: accounts.phone,
};

const asMember = (row: { since: Date; role: ClubRole } & Omit<Member, 'since' | 'role'>): Member => ({
  ...row,
  since: row.since.toISOString(),
});

/** The club's owner first, then its members by name. */
export const listMembers = async (db: Executor, clubId: number): Promise<Member[]> => {
  const [owner] = await db
    .select({ ...personColumns, since: clubs.createdAt })
    .from(clubs)
    .innerJoin(accounts, eq(accounts.id, clubs.ownerId))
    .where(eq(clubs.id, clubId));
  const members = await db
    .select({ ...personColumns, role: clubMembers.role, since: clubMembers.createdAt })
    .from(clubMembers)
    .innerJoin(accounts, eq(accounts.id, clubMembers.accountId))
    .where(eq(clubMembers.clubId, clubId))
    .orderBy(asc(accounts.name), asc(accounts.lastName), asc(accounts.id));
  return [...(owner ? [asMember({ ...owner, role: 'owner' })] : []), ...members.map(asMember)];
};

/** One member of the club (never its owner), as the list shows them; undefined when not a member. */
export const findMember = async (db: Executor, clubId: number, accountId: number) => {
  const [row] = await db
    .select({ ...personColumns, role: clubMembers.role, since: clubMembers.createdAt })
    .from(clubMembers)
    .innerJoin(accounts, eq(accounts.id, clubMembers.accountId))
    .where(and(eq(clubMembers.clubId, clubId), eq(clubMembers.accountId, accountId)))
    .for('update', { of: clubMembers });
  return row ? asMember(row) : undefined;
};

/** The club's owner and name, locked until the transaction ends: people change one at a time. */
export const lockClub = async (tx: Transaction, clubId: number) => {
  const [club] = await tx
    .select({ ownerId: clubs.ownerId, name: clubs.name })
    .from(clubs)
    .where(eq(clubs.id, clubId))
    .for('update');
  return club;
};

export const insertMember = (tx: Transaction, clubId: number, accountId: number, role: MemberRole) =>
  tx.insert(clubMembers).values({ clubId, accountId, role });

export const updateMemberRole = (tx: Transaction, clubId: number, accountId: number, role: MemberRole) =>
  tx
    .update(clubMembers)
    .set({ role })
    .where(and(eq(clubMembers.clubId, clubId), eq(clubMembers.accountId, accountId)));

/** Answers whether there was such a member. */
export const deleteMember = async (tx: Transaction, clubId: number, accountId: number) =>
  (
    await tx
      .delete(clubMembers)
      .where(and(eq(clubMembers.clubId, clubId), eq(clubMembers.accountId, accountId)))
      .returning({ accountId: clubMembers.accountId })
  ).length > 0;

export const setClubOwner = (tx: Transaction, clubId: number, ownerId: number) =>
  tx.update(clubs).set({ ownerId, updatedAt: new Date() }).where(eq(clubs.id, clubId));

/**
 * Which of an invitation's contacts already names one of the club's people (its owner or a member):
 * `email` (the same address, whatever its case), `phone`, or null.
 */
export const contactAlreadyInClub = async (
  db: Executor,
  clubId: number,
  contact: { email?: string | undefined; phone?: string | undefined },
): Promise<'email' | 'phone' | null> => {
  const email = contact.email?.toLowerCase();
  const matches = [
    ...(email ? [sql`lower(${accounts.email}) = ${email}`] : []),
    ...(contact.phone ? [eq(accounts.phone, contact.phone)] : []),
  ];
  if (matches.length === 0) return null;
  const people = await db
    .select({ email: accounts.email, phone: accounts.phone })
    .from(accounts)
    .innerJoin(clubs, eq(clubs.id, clubId))
    .leftJoin(clubMembers, and(eq(clubMembers.clubId, clubId), eq(clubMembers.accountId, accounts.id)))
    .where(and(or(eq(clubs.ownerId, accounts.id), eq(clubMembers.accountId, accounts.id)), or(...matches)));
  if (people.some((person) => email && person.email.toLowerCase() === email)) return 'email';
  return people.length > 0 ? 'phone' : null;
};

/** What an email from the account needs and what an invitation addressed to it is matched by. */
export const accountContact = async (db: Executor, accountId: number) => {
  const [account] = await db
    .select({
      name: accounts.name,
      lastName: accounts.lastName,
      email: accounts.email,
      phone: accounts.phone,
      language: accounts.language,
    })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return account;
};
