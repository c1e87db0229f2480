import type { PhoneDuplicateGroup } from '@carta/contract/admin';
import { asc, count, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { accounts, clubs, phoneDuplicates } from '../../db/schema.ts';

/**
 * The groups of accounts that share one canonical phone (0050), oldest account first. A group an admin
 * has brought down to one account (by deleting the others) is no longer a duplicate: the next start
 * converts that account, and it is not listed meanwhile.
 */
export const listPhoneDuplicates = async (db: Database): Promise<PhoneDuplicateGroup[]> => {
  const rows = await db
    .select({
      canonicalPhone: phoneDuplicates.canonicalPhone,
      foundAt: phoneDuplicates.foundAt,
      id: accounts.id,
      name: accounts.name,
      lastName: accounts.lastName,
      email: accounts.email,
      phone: accounts.phone,
      createdAt: accounts.createdAt,
      clubs: count(clubs.id),
    })
    .from(phoneDuplicates)
    .innerJoin(accounts, eq(accounts.id, phoneDuplicates.accountId))
    .leftJoin(clubs, eq(clubs.ownerId, accounts.id))
    .groupBy(phoneDuplicates.accountId, accounts.id)
    .orderBy(asc(phoneDuplicates.canonicalPhone), asc(accounts.id));
  const groups = new Map<string, PhoneDuplicateGroup>();
  for (const { canonicalPhone, foundAt, createdAt, ...account } of rows) {
    const group = groups.get(canonicalPhone) ?? {
      canonicalPhone,
      foundAt: foundAt.toISOString(),
      accounts: [],
    };
    if (foundAt.toISOString() < group.foundAt) group.foundAt = foundAt.toISOString();
    group.accounts.push({ ...account, createdAt: createdAt.toISOString() });
    groups.set(canonicalPhone, group);
  }
  return [...groups.values()].filter((group) => group.accounts.length > 1);
};
