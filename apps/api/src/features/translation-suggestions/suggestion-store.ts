import { and, eq, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client.ts';
import { subscriptionOfClub } from '../../db/club-columns.ts';
import { clubs, menuItems, menuSections, menus, subscriptions, translationUsage } from '../../db/schema.ts';
import { notFound } from '../../lib/app-error.ts';
import type { PlanInputs } from '../clubs/plan.ts';

// The queries of suggested translations: the club's month of use (translation_usage, one row per club
// and UTC month) and the names of its dishes that are not translated (its glossary).

/** The UTC month a use is counted in, `YYYY-MM`. */
export const usageMonth = (now: Date) => now.toISOString().slice(0, 7);

/** What the club's plan is made of, read without a lock (the usage screen); 404 without a club. */
export const readPlanInputs = async (db: Executor, clubId: number): Promise<PlanInputs> => {
  const [club] = await db
    .select({ subscription: { state: subscriptions.state } })
    .from(clubs)
    .leftJoin(subscriptions, subscriptionOfClub)
    .where(eq(clubs.id, clubId));
  if (!club) throw notFound();
  return club;
};

/** Characters the club has sent this month; 0 before its first request of the month. */
export const charactersUsed = async (db: Executor, clubId: number, month: string): Promise<number> => {
  const [row] = await db
    .select({ characters: translationUsage.characters })
    .from(translationUsage)
    .where(and(eq(translationUsage.clubId, clubId), eq(translationUsage.month, month)));
  return row?.characters ?? 0;
};

/** Counts one request of `characters` in the month (one upsert); answers the month's total. */
export const countUsage = async (
  tx: Transaction,
  clubId: number,
  month: string,
  characters: number,
): Promise<number> => {
  const [row] = await tx
    .insert(translationUsage)
    .values({ clubId, month, characters, requests: 1 })
    .onConflictDoUpdate({
      target: [translationUsage.clubId, translationUsage.month],
      set: {
        characters: sql`${translationUsage.characters} + excluded.characters`,
        requests: sql`${translationUsage.requests} + 1`,
      },
    })
    .returning({ characters: translationUsage.characters });
  return row?.characters ?? characters;
};

/** Takes back a request the provider did not answer: its characters and the request itself. */
export const uncountUsage = async (db: Executor, clubId: number, month: string, characters: number) => {
  await db
    .update(translationUsage)
    .set({
      characters: sql`greatest(0, ${translationUsage.characters} - ${characters})`,
      requests: sql`greatest(0, ${translationUsage.requests} - 1)`,
    })
    .where(and(eq(translationUsage.clubId, clubId), eq(translationUsage.month, month)));
};

/**
 * The names of the club's dishes marked not to be translated, in any of its menus: its glossary, kept as
 * they are wherever another text names them.
 */
export const keptDishNames = async (db: Executor, clubId: number): Promise<string[]> => {
  const rows = await db
    .selectDistinct({ name: menuItems.name })
    .from(menuItems)
    .innerJoin(menuSections, eq(menuSections.id, menuItems.sectionId))
    .innerJoin(menus, eq(menus.id, menuSections.menuId))
    .where(and(eq(menus.clubId, clubId), eq(menuItems.translateName, false)));
  return rows.map((row) => row.name);
};
