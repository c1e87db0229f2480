import type { AddressInputSchema } from '@carta/contract/clubs';
import type { ClubRole } from '@carta/contract/members';
import { and, asc, eq, gte, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import {
  brandOfClub,
  clubBrandColumns,
  clubMessageColumns,
  messageOfClub,
  subscriptionOfClub,
} from '../../db/club-columns.ts';
import {
  accounts,
  addresses,
  brands,
  clubMembers,
  clubMessages,
  clubs,
  menus,
  pageViewDays,
  pageViews,
  storedFiles,
  subscriptions,
  themes,
} from '../../db/schema.ts';
import { firstOrThrow } from '../../lib/db-errors.ts';

type AddressInput = z.output<typeof AddressInputSchema>;
type AddressValues = Omit<typeof addresses.$inferInsert, 'id'>;

export const isBrandEnabled = async (db: Executor, brandId: number) => {
  const [brand] = await db
    .select({ id: brands.id })
    .from(brands)
    .where(and(eq(brands.id, brandId), eq(brands.enabled, true)));
  return brand !== undefined;
};

/** Brands a club can work with, by name. */
export const listEnabledBrands = (db: Database) =>
  db.select(clubBrandColumns).from(brands).where(eq(brands.enabled, true)).orderBy(asc(brands.name));

/** The owner's name, for the operations email; the account must exist. */
export const ownerName = async (tx: Transaction, ownerId: number) =>
  firstOrThrow(
    await tx
      .select({ name: accounts.name, lastName: accounts.lastName })
      .from(accounts)
      .where(eq(accounts.id, ownerId)),
    'owner',
  );

export const insertAddress = async (tx: Transaction, address: AddressInput) =>
  firstOrThrow(
    await tx
      .insert(addresses)
      .values({
        line1: address.line1,
        line2: address.line2,
        city: address.city,
        state: address.state,
        postalCode: address.postalCode,
        country: address.country,
      })
      .returning({ id: addresses.id }),
    'address',
  ).id;

/** Answers the new club's id. */
export const insertClubRow = async (tx: Transaction, values: typeof clubs.$inferInsert) =>
  firstOrThrow(await tx.insert(clubs).values(values).returning({ id: clubs.id }), 'club').id;

/** Marks a waiting club active; answers its name and owner, or undefined when it was not waiting. */
export const markClubActive = async (tx: Transaction, clubId: number) => {
  const [club] = await tx
    .update(clubs)
    .set({ status: 'active', activatedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(clubs.id, clubId), eq(clubs.status, 'pending')))
    .returning({ name: clubs.name, ownerId: clubs.ownerId });
  return club;
};

export const findAccount = async (tx: Transaction, accountId: number) => {
  const [account] = await tx.select().from(accounts).where(eq(accounts.id, accountId));
  return account;
};

/**
 * The clubs the caller owns or belongs to, as their list shows them, by name, each with the caller's role
 * (docs/product.md, Staff and roles).
 */
export const listCallerClubs = (db: Database, accountId: number) =>
  db
    .select({
      id: clubs.id,
      name: clubs.name,
      role: sql<ClubRole>`case when ${clubs.ownerId} = ${accountId} then 'owner' else ${clubMembers.role} end`,
      freeForever: clubs.freeForever,
      status: clubs.status,
      enabled: clubs.enabled,
      brand: clubBrandColumns,
      subscription: {
        kind: subscriptions.kind,
        currentPeriodEnd: subscriptions.currentPeriodEnd,
        state: subscriptions.state,
        smartUntil: subscriptions.smartUntil,
      },
      message: clubMessageColumns,
    })
    .from(clubs)
    .leftJoin(brands, brandOfClub)
    .leftJoin(subscriptions, subscriptionOfClub)
    .leftJoin(clubMessages, messageOfClub)
    .leftJoin(clubMembers, and(eq(clubMembers.clubId, clubs.id), eq(clubMembers.accountId, accountId)))
    .where(or(eq(clubs.ownerId, accountId), isNotNull(clubMembers.accountId)))
    .orderBy(asc(clubs.name), asc(clubs.id));

/** The club's row, locked until the transaction ends; undefined when there is none. */
export const lockClubRow = async (tx: Transaction, clubId: number) => {
  const [club] = await tx.select().from(clubs).where(eq(clubs.id, clubId)).for('update');
  return club;
};

export const hasStoredImage = async (tx: Transaction, clubId: number, key: string) => {
  const [file] = await tx
    .select({ id: storedFiles.id })
    .from(storedFiles)
    .where(and(eq(storedFiles.clubId, clubId), eq(storedFiles.key, key)));
  return file !== undefined;
};

/** A standard theme or the club's own. */
export const isThemeAvailable = async (tx: Transaction, clubId: number, themeId: number) => {
  const [theme] = await tx
    .select({ id: themes.id })
    .from(themes)
    .where(and(eq(themes.id, themeId), or(isNull(themes.clubId), eq(themes.clubId, clubId))));
  return theme !== undefined;
};

/** An address a club refers to: the foreign key says it is there. */
export const loadAddress = async (tx: Transaction, addressId: number) =>
  firstOrThrow(await tx.select().from(addresses).where(eq(addresses.id, addressId)), 'address');

/** Overwrites the address, or inserts it when there was none; answers its id. */
export const replaceAddress = async (tx: Transaction, addressId: number | null, address: AddressValues) => {
  if (addressId) {
    await tx.update(addresses).set(address).where(eq(addresses.id, addressId));
    return addressId;
  }
  return firstOrThrow(await tx.insert(addresses).values(address).returning({ id: addresses.id }), 'address')
    .id;
};

export const deleteAddress = (tx: Transaction, addressId: number) =>
  tx.delete(addresses).where(eq(addresses.id, addressId));

export const updateClubRow = (tx: Transaction, clubId: number, values: Partial<typeof clubs.$inferInsert>) =>
  tx
    .update(clubs)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(clubs.id, clubId));

/**
 * Guest page views since `fromDay`: per day, and per menu with its name. Both tables count: the per-table
 * detail of the last 90 days (`page_views`) and the days rolled up before them (`page_view_days`, 0059),
 * so a rollup changes no answer.
 */
export const viewCounts = async (db: Database, clubId: number, fromDay: string) => {
  const counted = db
    .select({ day: pageViews.day, menuId: pageViews.menuId, views: pageViews.views })
    .from(pageViews)
    .where(and(eq(pageViews.clubId, clubId), gte(pageViews.day, fromDay)))
    .unionAll(
      db
        .select({ day: pageViewDays.day, menuId: pageViewDays.menuId, views: pageViewDays.views })
        .from(pageViewDays)
        .where(and(eq(pageViewDays.clubId, clubId), gte(pageViewDays.day, fromDay))),
    )
    .as('counted');
  const [perDay, perMenu] = await Promise.all([
    db
      .select({ day: counted.day, views: sql<number>`sum(${counted.views})::int` })
      .from(counted)
      .groupBy(counted.day),
    db
      .select({
        menuId: counted.menuId,
        name: menus.name,
        views: sql<number>`sum(${counted.views})::int`,
      })
      .from(counted)
      .innerJoin(menus, eq(menus.id, counted.menuId))
      .groupBy(counted.menuId, menus.name),
  ]);
  return { perDay, perMenu };
};
