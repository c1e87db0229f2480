import type { UpdateBrandRequestSchema } from '@carta/contract/admin';
import { asc, count, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import { brands, clubs } from '../../db/schema.ts';
import { firstOrThrow } from '../../lib/db-errors.ts';

/** Brands with how many clubs work with each, by name; `where` narrows. */
const brandsWithCounts = (db: Executor, where?: SQL) =>
  db
    .select({ id: brands.id, name: brands.name, enabled: brands.enabled, clubs: count(clubs.id) })
    .from(brands)
    .leftJoin(clubs, eq(clubs.brandId, brands.id))
    .where(where)
    .groupBy(brands.id)
    .orderBy(asc(brands.name));

export const listBrands = (db: Database) => brandsWithCounts(db);

const loadBrand = async (tx: Transaction, brandId: number) =>
  firstOrThrow(await brandsWithCounts(tx, eq(brands.id, brandId)), 'brand');

/** A new brand (enabled), answered as the console lists it; a name taken fails the unique index. */
export const insertBrand = async (tx: Transaction, name: string) => {
  const { id } = firstOrThrow(await tx.insert(brands).values({ name }).returning(), 'brand');
  return loadBrand(tx, id);
};

/** The brand renamed, enabled or disabled; null when there is no such brand. */
export const updateBrand = async (
  tx: Transaction,
  brandId: number,
  changes: z.output<typeof UpdateBrandRequestSchema>,
) => {
  const [row] = await tx
    .update(brands)
    .set(changes)
    .where(eq(brands.id, brandId))
    .returning({ id: brands.id });
  if (!row) return null;
  return loadBrand(tx, brandId);
};
