import { SETTING_FEATURES } from '@carta/contract/plan-features';
import { eq, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { clubs } from '../../db/schema.ts';

// Becoming Smart turns on the Smart settings (menu PDF, promotions) the owner has not switched off
// themselves (docs/decisions/0064-one-owner-of-subscription-rules.md): paying for them and finding them
// off was the first thing owners tripped over.

/** The club's settings that switch on a Smart feature, by column. */
const SMART_SETTINGS = Object.keys(SETTING_FEATURES) as (keyof typeof SETTING_FEATURES)[];

const columnOf = {
  pdfMenuEnabled: clubs.pdfMenuEnabled,
  bannerUpdateEnabled: clubs.bannerUpdateEnabled,
} as const;

/** Turns on, in the caller's transaction, every Smart setting not in the club's `smart_settings_off`. */
export const turnOnSmartSettings = async (tx: Transaction, clubId: number) => {
  const set = Object.fromEntries(
    SMART_SETTINGS.flatMap((setting) => {
      const column = setting in columnOf ? columnOf[setting as keyof typeof columnOf] : null;
      return column
        ? [[setting, sql`${column} or not (${setting}::text = any(${clubs.smartSettingsOff}))`]]
        : [];
    }),
  );
  if (Object.keys(set).length > 0) await tx.update(clubs).set(set).where(eq(clubs.id, clubId));
};

/**
 * What an owner's settings change says of their choices: a Smart setting switched off is remembered (so a
 * later subscription leaves it off), one switched on is forgotten.
 */
export const recordSmartSettingChoices = async (
  tx: Transaction,
  clubId: number,
  changes: Partial<Record<string, unknown>>,
) => {
  for (const setting of SMART_SETTINGS) {
    const value = changes[setting];
    if (typeof value !== 'boolean') continue;
    await tx
      .update(clubs)
      .set({
        smartSettingsOff: value
          ? sql`array_remove(${clubs.smartSettingsOff}, ${setting}::text)`
          : sql`array_append(array_remove(${clubs.smartSettingsOff}, ${setting}::text), ${setting}::text)`,
      })
      .where(eq(clubs.id, clubId));
  }
};
