import { phoneLookupKey } from '@carta/contract/phone-numbers';
import { inArray, notInArray, notLike, sql } from 'drizzle-orm';
import type { Database } from './database-types.ts';
import { accounts, phoneDuplicates } from './schema.ts';

/** Rows per statement: well under PostgreSQL's 65 535 parameters, and one JSON value per batch. */
const BATCH = 5_000;

const inBatches = <Value>(values: Value[]) =>
  Array.from({ length: Math.ceil(values.length / BATCH) }, (_, index) =>
    values.slice(index * BATCH, (index + 1) * BATCH),
  );

export type PhoneConversion = {
  /** Accounts whose phone was rewritten to its canonical form. */
  converted: number;
  /** Accounts listed in `phone_duplicates`, left as they were. */
  duplicates: number;
};

/**
 * Rewrites account phones stored before 0050 (digits only, `393337654321`) to their canonical form
 * (`+393337654321`, contract phone-numbers.ts), after the SQL migrations, at every start: the rules are
 * libphonenumber's, which SQL cannot run. An old phone whose canonical form another account has or
 * would have too is not rewritten: every account of such a group is listed in `phone_duplicates`
 * (recomputed here each time, so a group an admin has sorted out, by deleting an account, is converted
 * at the next start and leaves the list). Nothing is merged. Once every phone starts with `+`, a start
 * costs one scan of `accounts` that finds no row and one `delete` of an empty table.
 */
export const convertPhones = (db: Database): Promise<PhoneConversion> =>
  db.transaction(async (tx) => {
    const legacy = await tx
      .select({ id: accounts.id, phone: accounts.phone })
      .from(accounts)
      .where(notLike(accounts.phone, '+%'));
    const groups = new Map<string, number[]>();
    for (const row of legacy) {
      const key = phoneLookupKey(row.phone);
      // A phone no rule can read (the old rule never stored one) stays as it is.
      if (!key) continue;
      groups.set(key, [...(groups.get(key) ?? []), row.id]);
    }
    const holders = new Map<string, number>();
    for (const keys of inBatches([...groups.keys()])) {
      const rows = await tx
        .select({ id: accounts.id, phone: accounts.phone })
        .from(accounts)
        .where(inArray(accounts.phone, keys));
      for (const row of rows) holders.set(row.phone, row.id);
    }
    const rewrites: { id: number; phone: string }[] = [];
    const listed: { accountId: number; canonicalPhone: string }[] = [];
    for (const [key, ids] of groups) {
      const holder = holders.get(key);
      const [only] = ids;
      if (ids.length === 1 && holder === undefined && only !== undefined) {
        rewrites.push({ id: only, phone: key });
        continue;
      }
      for (const accountId of holder === undefined ? ids : [holder, ...ids])
        listed.push({ accountId, canonicalPhone: key });
    }
    for (const batch of inBatches(rewrites)) {
      await tx.execute(sql`
        update ${accounts} set phone = rewrite.phone, updated_at = now()
        from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as rewrite(id integer, phone text)
        where ${accounts.id} = rewrite.id`);
    }
    // Groups sorted out since the last start leave the list; the others keep when they were first found.
    const listedIds = listed.map((row) => row.accountId);
    await tx
      .delete(phoneDuplicates)
      .where(listedIds.length > 0 ? notInArray(phoneDuplicates.accountId, listedIds) : undefined);
    for (const batch of inBatches(listed)) {
      await tx
        .insert(phoneDuplicates)
        .values(batch)
        .onConflictDoUpdate({
          target: phoneDuplicates.accountId,
          set: { canonicalPhone: sql`excluded.canonical_phone` },
        });
    }
    return { converted: rewrites.length, duplicates: listed.length };
  });
