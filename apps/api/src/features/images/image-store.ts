import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import { rowsOf } from '../../db/records.ts';
import { banners, clubs, menuItems, menuSections, menus, storedFiles, themes } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Storage } from '../../lib/storage.ts';
import { FILES_PATH, filesOfImage } from './images.ts';

/**
 * Records a stored image of the club. The same content stored again by the club is the same row (its
 * key is the content hash); only its time moves on, so the sweep of unused photos counts a dish photo
 * from its last upload.
 */
export const recordStoredImage = (db: Database, values: typeof storedFiles.$inferInsert) =>
  db
    .insert(storedFiles)
    .values(values)
    .onConflictDoUpdate({ target: [storedFiles.clubId, storedFiles.key], set: { createdAt: sql`now()` } });

/** A dish's photo a write names: where the request named it (`body.photo`) and its key. */
export type PhotoReference = { path: string; key: string };

/** Of `keys`, those stored for the club as dishes' photos (purpose `photo`): one statement. */
export const storedPhotoKeys = async (db: Executor, clubId: number, keys: string[]) => {
  const wanted = [...new Set(keys)];
  if (wanted.length === 0) return new Set<string>();
  const rows = await db
    .select({ key: storedFiles.key })
    .from(storedFiles)
    .where(
      and(eq(storedFiles.clubId, clubId), eq(storedFiles.purpose, 'photo'), inArray(storedFiles.key, wanted)),
    );
  return new Set(rows.map((row) => row.key));
};

/**
 * Every photo a write names must be one the club uploaded as a dish's photo: one statement whatever
 * their number; 400 IMAGE_NOT_FOUND pointing at each one that is not.
 */
export const assertPhotosStored = async (db: Executor, clubId: number, photos: PhotoReference[]) => {
  if (photos.length === 0) return;
  const stored = await storedPhotoKeys(
    db,
    clubId,
    photos.map((photo) => photo.key),
  );
  const missing = photos.filter((photo) => !stored.has(photo.key));
  if (missing.length > 0)
    throw new AppError(400, 'IMAGE_NOT_FOUND', {
      issues: missing.map((photo) => ({ path: photo.path, key: 'errors.IMAGE_NOT_FOUND' })),
    });
};

/** An image whose row went: what its files are named by. */
export type ReleasedImage = { key: string; contentType: string; variants: { width: number }[] };

const ReleasedRowSchema = z.object({
  key: z.string(),
  contentType: z.string(),
  variants: z.array(z.object({ width: z.number() })),
});

/**
 * Of the `stored_files` row aliased `stored`, that nothing of its club uses: a dish, a banner, the club's
 * or a menu's logo, a theme's background.
 */
const unusedByItsClub = () => {
  const address = sql`${`${FILES_PATH}/`} || stored.key || '-%'`;
  return sql`
      not exists (
        select 1 from ${menuItems}
        join ${menuSections} on ${menuSections.id} = ${menuItems.sectionId}
        join ${menus} on ${menus.id} = ${menuSections.menuId}
        where ${menus.clubId} = stored.club_id and ${menuItems.photo} = stored.key)
      and not exists (
        select 1 from ${banners} join ${menus} on ${menus.id} = ${banners.menuId}
        where ${menus.clubId} = stored.club_id
          and (${banners.imageUrl} like ${address} or ${banners.imageUrl} = stored.key))
      and not exists (select 1 from ${clubs} where ${clubs.id} = stored.club_id and ${clubs.logo} = stored.key)
      and not exists (select 1 from ${menus} where ${menus.clubId} = stored.club_id
        and (${menus.logo} = stored.key or ${menus.logo} like ${address}))
      and not exists (select 1 from ${themes} where ${themes.clubId} = stored.club_id
        and ${themes.backgroundImage} like ${address})`;
};

const RELEASED_COLUMNS = sql`stored.key as "key", stored.content_type as "contentType", stored.variants as "variants"`;

/**
 * Forgets the club's photos among `keys` that nothing of the club uses any more: one statement. Answers
 * them, for the caller to remove their files once the transaction has committed (removeReleasedImages).
 */
export const releaseUnusedPhotos = async (
  tx: Transaction,
  clubId: number,
  keys: (string | null)[],
): Promise<ReleasedImage[]> => {
  const candidates = [...new Set(keys.filter((key): key is string => Boolean(key)))];
  if (candidates.length === 0) return [];
  const result = await tx.execute(sql`
    delete from ${storedFiles} as stored
    where stored.club_id = ${clubId} and stored.purpose = 'photo'
      and stored.key in (${sql.join(
        candidates.map((key) => sql`${key}`),
        sql`, `,
      )})
      and ${unusedByItsClub()}
    returning ${RELEASED_COLUMNS}`);
  return rowsOf(result, ReleasedRowSchema);
};

/** A dish photo uploaded and never saved with a dish is forgotten after a day, as abandoned uploads are. */
export const UNUSED_PHOTO_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * Forgets every club's dish photos uploaded more than a day ago that nothing uses (picked in the item
 * form, then the form was left unsaved) and removes their files: one statement, then the deletes.
 * Answers how many went. Several processes may sweep at once: a row is deleted by one of them only.
 */
export const sweepUnusedPhotos = async (
  db: Database,
  storage: Storage,
  log: { warn: (details: object, message: string) => void },
  now = new Date(),
): Promise<number> => {
  const cutoff = new Date(now.getTime() - UNUSED_PHOTO_MAX_AGE_MS);
  const result = await db.execute(sql`
    delete from ${storedFiles} as stored
    where stored.purpose = 'photo' and stored.created_at < ${cutoff.toISOString()} and ${unusedByItsClub()}
    returning ${RELEASED_COLUMNS}`);
  const released = rowsOf(result, ReleasedRowSchema);
  await removeReleasedImages(db, storage, log, released);
  return released.length;
};

/**
 * Removes the files of released images once their rows are gone, unless another club stores the same
 * content (same key): one statement, then the deletes. A file left behind is logged, not an error.
 */
export const removeReleasedImages = async (
  db: Database,
  storage: Storage,
  log: { warn: (details: object, message: string) => void },
  released: ReleasedImage[],
) => {
  if (released.length === 0) return;
  const stillStored = new Set(
    (
      await db
        .select({ key: storedFiles.key })
        .from(storedFiles)
        .where(
          inArray(
            storedFiles.key,
            released.map((image) => image.key),
          ),
        )
    ).map((row) => row.key),
  );
  for (const image of released) {
    if (stillStored.has(image.key)) continue;
    for (const file of filesOfImage(image.key, image.contentType, image.variants))
      await storage.delete(file).catch((error: unknown) => log.warn({ err: error, file }, 'file kept'));
  }
};
