import type { Language } from '@carta/contract/limits';
import { and, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import { accounts, addresses, clubs, phoneDuplicates, storedFiles } from '../../db/schema.ts';
import { firstOrThrow } from '../../lib/db-errors.ts';

export const findAccountById = async (db: Executor, accountId: number) => {
  const [account] = await db.select().from(accounts).where(eq(accounts.id, accountId));
  return account;
};

/**
 * The accounts a phone (its lookup key, contract phone-numbers.ts) names, oldest first: the one that holds
 * it, and those the start-up conversion left in their old form because they share it (`phone_duplicates`,
 * 0050). One, or none, but for the owners of such a duplicate.
 */
export const findAccountsByPhone = (db: Executor, phone: string) =>
  db
    .select()
    .from(accounts)
    .where(
      or(
        eq(accounts.phone, phone),
        inArray(
          accounts.id,
          db
            .select({ id: phoneDuplicates.accountId })
            .from(phoneDuplicates)
            .where(eq(phoneDuplicates.canonicalPhone, phone)),
        ),
      ),
    )
    .orderBy(accounts.id);

/** Whether an account counts: its sign-up's first authenticator code was confirmed (0066). */
export const isConfirmed = (account: { authenticatorConfirmedAt: Date | null }) =>
  account.authenticatorConfirmedAt !== null;

/**
 * The confirmed accounts a phone names (`findAccountsByPhone`): a sign-up never confirmed holds no phone
 * (0066).
 */
export const findConfirmedAccountsByPhone = async (db: Executor, phone: string) =>
  (await findAccountsByPhone(db, phone)).filter(isConfirmed);

/**
 * Deletes an account whose sign-up was never confirmed, with the clubs it made (and their addresses), in
 * the caller's transaction; false when it was confirmed meanwhile (then nothing changes). Such an account
 * never logged in, so it has no stored files.
 */
export const deleteUnconfirmedAccount = async (tx: Transaction, accountId: number) => {
  const owned = await tx
    .select({ addressId: clubs.addressId, billingAddressId: clubs.billingAddressId })
    .from(clubs)
    .where(eq(clubs.ownerId, accountId));
  const deleted = await tx
    .delete(accounts)
    .where(and(eq(accounts.id, accountId), isNull(accounts.authenticatorConfirmedAt)))
    .returning({ id: accounts.id });
  if (deleted.length === 0) return false;
  const addressIds = owned.flatMap((club) => [
    club.addressId,
    ...(club.billingAddressId ? [club.billingAddressId] : []),
  ]);
  if (addressIds.length > 0) await tx.delete(addresses).where(inArray(addresses.id, addressIds));
  return true;
};

/** The accounts whose sign-up was never confirmed and began before `before`, oldest first. */
export const findStaleUnconfirmedAccounts = (db: Executor, before: Date, limit: number) =>
  db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(isNull(accounts.authenticatorConfirmedAt), lt(accounts.createdAt, before)))
    .orderBy(accounts.id)
    .limit(limit);

/**
 * Marks the sign-up's first code confirmed and answers the account, once: null when it was confirmed
 * before (or is gone), so what follows the confirmation (the emails) happens once.
 */
export const markAuthenticatorConfirmed = async (tx: Transaction, accountId: number) => {
  const [account] = await tx
    .update(accounts)
    .set({ authenticatorConfirmedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(accounts.id, accountId), isNull(accounts.authenticatorConfirmedAt)))
    .returning();
  return account ?? null;
};

/** Answers the new account's id; a phone already taken fails the unique index. */
export const insertAccount = async (tx: Transaction, values: typeof accounts.$inferInsert) =>
  firstOrThrow(await tx.insert(accounts).values(values).returning({ id: accounts.id }), 'account').id;

/** The email is confirmed once: a second link changes nothing. */
export const confirmEmail = (tx: Transaction, accountId: number) =>
  tx
    .update(accounts)
    .set({ emailConfirmedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(accounts.id, accountId), isNull(accounts.emailConfirmedAt)));

/**
 * Records the authenticator step just used. Recording is the replay check: a code already used (or an
 * older one) changes no row, and the answer is false.
 */
export const recordTotpStep = async (tx: Transaction, accountId: number, step: number) => {
  const used = await tx
    .update(accounts)
    .set({ totpLastStep: step })
    .where(
      and(eq(accounts.id, accountId), or(isNull(accounts.totpLastStep), lt(accounts.totpLastStep, step))),
    )
    .returning({ id: accounts.id });
  return used.length > 0;
};

export const setPasswordHash = (tx: Transaction, accountId: number, passwordHash: string) =>
  tx.update(accounts).set({ passwordHash, updatedAt: new Date() }).where(eq(accounts.id, accountId));

export const setLanguage = (db: Database, accountId: number, language: Language) =>
  db.update(accounts).set({ language, updatedAt: new Date() }).where(eq(accounts.id, accountId));

/**
 * Deletes the account with everything it owns and answers the images its clubs had stored, for the
 * caller to remove from storage once the transaction has committed.
 */
export const deleteAccountRows = async (tx: Transaction, accountId: number) => {
  const owned = await tx
    .select({ id: clubs.id, addressId: clubs.addressId, billingAddressId: clubs.billingAddressId })
    .from(clubs)
    .where(eq(clubs.ownerId, accountId));
  const clubIds = owned.map((club) => club.id);
  const images =
    clubIds.length > 0
      ? await tx
          .select({
            key: storedFiles.key,
            contentType: storedFiles.contentType,
            variants: storedFiles.variants,
          })
          .from(storedFiles)
          .where(inArray(storedFiles.clubId, clubIds))
      : [];
  // Clubs, menus, tables, sessions and tokens go with the account (ON DELETE CASCADE); addresses
  // are referenced by clubs, not owned through a cascade, so they go after.
  await tx.delete(accounts).where(eq(accounts.id, accountId));
  const addressIds = owned.flatMap((club) => [
    club.addressId,
    ...(club.billingAddressId ? [club.billingAddressId] : []),
  ]);
  if (addressIds.length > 0) await tx.delete(addresses).where(inArray(addresses.id, addressIds));
  return images;
};

/** Whether any club still stores an image under this key (the same content hash). */
export const isImageKeyStored = async (db: Database, key: string) => {
  const [stillUsed] = await db
    .select({ id: storedFiles.id })
    .from(storedFiles)
    .where(eq(storedFiles.key, key))
    .limit(1);
  return stillUsed !== undefined;
};
