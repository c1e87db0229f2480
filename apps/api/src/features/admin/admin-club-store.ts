import type { AdminClubsQuerySchema, ClubMessageRequestSchema } from '@carta/contract/admin';
import { phoneLookupKey } from '@carta/contract/phone-numbers';
import { FREEMIUM } from '@carta/contract/subscription-rules';
import { and, asc, count, eq, ilike, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import {
  brandOfClub,
  clubBrandColumns,
  clubMessageColumns,
  messageOfClub,
  subscriptionOfClub,
} from '../../db/club-columns.ts';
import { accounts, addresses, brands, clubMessages, clubs, subscriptions } from '../../db/schema.ts';
import { notFound } from '../../lib/app-error.ts';
import { subscriptionSummary } from '../billing/payment-state.ts';
import { clubState } from '../clubs/plan.ts';

type ClubMessage = z.output<typeof ClubMessageRequestSchema>;
type AdminClubsQuery = z.output<typeof AdminClubsQuerySchema>;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

const FILTERS: Record<AdminClubsQuery['filter'], SQL | undefined> = {
  waiting: eq(clubs.status, 'pending'),
  active: eq(clubs.status, 'active'),
  disabled: eq(clubs.status, 'suspended'),
  all: undefined,
};

/** Clubs as the console lists them; `where` narrows. */
const selectAdminClubs = (db: Executor, where: SQL | undefined) =>
  db
    .select({
      club: clubs,
      city: addresses.city,
      country: addresses.country,
      owner: {
        id: accounts.id,
        name: accounts.name,
        lastName: accounts.lastName,
        email: accounts.email,
        phone: accounts.phone,
      },
      brand: clubBrandColumns,
      subscription: { state: subscriptions.state },
      message: clubMessageColumns,
    })
    .from(clubs)
    .innerJoin(accounts, eq(accounts.id, clubs.ownerId))
    .innerJoin(addresses, eq(addresses.id, clubs.addressId))
    .leftJoin(brands, brandOfClub)
    .leftJoin(subscriptions, subscriptionOfClub)
    .leftJoin(clubMessages, messageOfClub)
    .where(where);

type AdminClubRow = Awaited<ReturnType<typeof selectAdminClubs>>[number];
const toAdminClub = ({ club, ...row }: AdminClubRow) => ({
  id: club.id,
  name: club.name,
  city: row.city,
  country: row.country,
  state: clubState(club),
  freeForever: club.freeForever,
  subscription: subscriptionSummary(row.subscription?.state ?? FREEMIUM, new Date()),
  brand: row.brand,
  owner: row.owner,
  message: row.message,
  createdAt: club.createdAt.toISOString(),
});

/** One club as the console shows it; 404 when there is none. */
export const loadAdminClub = async (db: Executor, clubId: number) => {
  const [row] = await selectAdminClubs(db, eq(clubs.id, clubId));
  if (!row) throw notFound();
  return toAdminClub(row);
};

/** A page of clubs: waiting ones first, oldest first (the queue to work through), and how many match. */
export const listAdminClubs = async (db: Database, query: AdminClubsQuery) => {
  const { filter, search, page, pageSize } = query;
  const pattern = search ? `%${escapeLike(search)}%` : undefined;
  // A phone as people write it (`333 765 4321`) finds its owner's canonical one too (0050).
  const searchedPhone = search ? phoneLookupKey(search) : null;
  const where = and(
    // A sign-up still at its authenticator step is not a venue yet: operations hear of it, and the
    // console lists it, once the first code is confirmed (docs/decisions/0066).
    isNotNull(accounts.authenticatorConfirmedAt),
    FILTERS[filter],
    pattern
      ? or(
          ilike(clubs.name, pattern),
          ilike(addresses.city, pattern),
          ilike(accounts.name, pattern),
          ilike(accounts.lastName, pattern),
          ilike(accounts.email, pattern),
          ilike(accounts.phone, pattern),
          searchedPhone ? eq(accounts.phone, searchedPhone) : undefined,
        )
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    selectAdminClubs(db, where)
      .orderBy(sql`${clubs.status} = 'pending' desc`, asc(clubs.createdAt), asc(clubs.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ value: count() })
      .from(clubs)
      .innerJoin(accounts, eq(accounts.id, clubs.ownerId))
      .innerJoin(addresses, eq(addresses.id, clubs.addressId))
      .where(where),
  ]);
  return { clubs: rows.map(toAdminClub), total: total?.value ?? 0, page, pageSize };
};

/** The club's row, locked until the transaction ends; undefined when there is none. */
export const lockClub = async (tx: Transaction, clubId: number) => {
  const [club] = await tx.select().from(clubs).where(eq(clubs.id, clubId)).for('update');
  return club;
};

/** The club's status and name with its owner, the club's row locked; undefined when there is none. */
export const lockClubWithOwner = async (tx: Transaction, clubId: number) => {
  const [club] = await tx
    .select({ status: clubs.status, name: clubs.name, owner: accounts })
    .from(clubs)
    .innerJoin(accounts, eq(accounts.id, clubs.ownerId))
    .where(eq(clubs.id, clubId))
    .for('update', { of: clubs });
  return club;
};

export const setClubStatus = (tx: Transaction, clubId: number, status: 'active' | 'suspended') =>
  tx.update(clubs).set({ status, updatedAt: new Date() }).where(eq(clubs.id, clubId));

export const clubExists = async (tx: Transaction, clubId: number) => {
  const [club] = await tx.select({ id: clubs.id }).from(clubs).where(eq(clubs.id, clubId));
  return club !== undefined;
};

/** A new message gets a new id, so an owner who dismissed the last one sees this one. */
export const replaceClubMessage = async (tx: Transaction, clubId: number, message: ClubMessage) => {
  await clearClubMessage(tx, clubId);
  await tx.insert(clubMessages).values({ clubId, ...message });
};

export const clearClubMessage = (tx: Transaction, clubId: number) =>
  tx.delete(clubMessages).where(eq(clubMessages.clubId, clubId));
