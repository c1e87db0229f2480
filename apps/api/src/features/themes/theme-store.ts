import type { SaveCustomThemeRequestSchema } from '@carta/contract/themes';
import { and, asc, eq, isNull, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Transaction } from '../../db/client.ts';
import { storedFiles, themes } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { firstOrThrow } from '../../lib/db-errors.ts';
import { assertPlanAllows, lockClubPlanInputs } from '../clubs/plan.ts';
import { describeImage, keyOfImageUrl } from '../images/images.ts';

type SaveCustomThemeRequest = z.output<typeof SaveCustomThemeRequestSchema>;

/** `img/<hash>` from the address a theme keeps for its background (`/files/img/<hash>-<width>.webp`). */
/** A theme as the owner chooses and edits it: whose it is, and its background's key to save it again. */
const themeChoiceOf = ({ clubId, ...theme }: typeof themes.$inferSelect) => ({
  ...theme,
  isCustom: clubId !== null,
  backgroundImageKey: keyOfImageUrl(theme.backgroundImage),
});

/** The standard themes first, then the club's own. */
export const loadThemes = async (db: Database, clubId: number) => {
  const rows = await db
    .select()
    .from(themes)
    .where(or(isNull(themes.clubId), eq(themes.clubId, clubId)))
    .orderBy(asc(themes.clubId), asc(themes.id));
  // Standard themes first (club_id null sorts last in ascending order, so sort here).
  return rows
    .sort((left, right) => Number(left.clubId !== null) - Number(right.clubId !== null) || left.id - right.id)
    .map(themeChoiceOf);
};

const findStoredImage = async (tx: Transaction, clubId: number, key: string) => {
  const [file] = await tx
    .select()
    .from(storedFiles)
    .where(and(eq(storedFiles.clubId, clubId), eq(storedFiles.key, key)));
  return file;
};

/**
 * Saves the club's one custom theme (Smart plan only), created the first time and overwritten after;
 * the background is one of the club's stored images, kept as its address.
 */
export const saveCustomTheme = (db: Database, clubId: number, request: SaveCustomThemeRequest) =>
  db.transaction(async (tx) => {
    assertPlanAllows(await lockClubPlanInputs(tx, clubId), 'customTheme');
    const { backgroundImage, ...fields } = request;
    let backgroundUrl: string | null = null;
    if (backgroundImage) {
      const file = await findStoredImage(tx, clubId, backgroundImage);
      if (!file)
        throw new AppError(400, 'IMAGE_NOT_FOUND', {
          issues: [{ path: 'body.backgroundImage', key: 'errors.IMAGE_NOT_FOUND' }],
        });
      backgroundUrl = describeImage(file.key, file.variants, file).url;
    }
    const values = { ...fields, backgroundImage: backgroundUrl };
    const [existing] = await tx.select({ id: themes.id }).from(themes).where(eq(themes.clubId, clubId));
    const saved = firstOrThrow(
      existing
        ? await tx.update(themes).set(values).where(eq(themes.id, existing.id)).returning()
        : await tx
            .insert(themes)
            .values({ clubId, ...values })
            .returning(),
      'theme',
    );
    return themeChoiceOf(saved);
  });
