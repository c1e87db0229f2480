import type { BannerDetails, MenuBanner, SaveBannerRequestSchema } from '@carta/contract/banners';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import { rowsOf } from '../../db/records.ts';
import { banners, clubs, menuItems, menuSections, menus, storedFiles, themes } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { firstOrThrow } from '../../lib/db-errors.ts';
import { assertPlanAllows, lockClubPlanInputs } from '../clubs/plan.ts';
import { describeImage, FILES_PATH, filesOfImage, keyOfImageUrl } from '../images/images.ts';
import { bannerFields, lockMenu, requireMenu } from '../menus/menu-store.ts';

type SaveBanner = z.output<typeof SaveBannerRequestSchema>;
type StoredFile = typeof storedFiles.$inferSelect;

/** `img/<hash>` from the address a banner keeps (the largest WebP, `/files/img/<hash>-800.webp`). */
const bannerDetails = (banner: typeof banners.$inferSelect, file: StoredFile | null): BannerDetails => ({
  ...bannerFields(banner),
  menuId: banner.menuId,
  image: file ? describeImage(file.key, file.variants, file) : null,
});

/** The menu's banner with its stored image: one statement. */
const selectBanner = async (db: Executor, clubId: number, menuId: number) => {
  const [row] = await db
    .select({ banner: banners, file: storedFiles })
    .from(banners)
    .innerJoin(menus, eq(menus.id, banners.menuId))
    .leftJoin(
      storedFiles,
      and(
        eq(storedFiles.clubId, menus.clubId),
        sql`${storedFiles.key} = substring(${banners.imageUrl} from ${`^${FILES_PATH}/(img/[0-9a-f]+)-[0-9]+\\.webp$`})`,
      ),
    )
    .where(and(eq(banners.menuId, menuId), eq(menus.clubId, clubId)));
  return row ?? null;
};

/**
 * GET .../banners/menu/{menuId}/banner: the banner, or null when the menu has none yet; 404 when the menu
 * is not the club's (another owner's club never reaches here: clubScope answers 404 first).
 */
export const readBanner = async (db: Database, clubId: number, menuId: number): Promise<MenuBanner> => {
  const row = await selectBanner(db, clubId, menuId);
  if (row) return { banner: bannerDetails(row.banner, row.file) };
  await requireMenu(db, clubId, menuId);
  return { banner: null };
};

/**
 * Checks that a banner may get an image now: the menu is the club's and the plan allows promotions.
 * Asked before the upload address is given, so a Free club is told before it uploads anything.
 */
export const assertBannerWritable = (db: Database, clubId: number, menuId: number) =>
  db.transaction(async (tx) => {
    assertPlanAllows(await lockClubPlanInputs(tx, clubId), 'promotions');
    await requireMenu(tx, clubId, menuId);
  });

/**
 * Whether a club still uses an image anywhere but `exceptBannerId`: another menu's banner (a copied
 * menu shares its image), the club's or a menu's logo, the club's theme background, a dish's photo.
 */
const isImageInUse = async (tx: Transaction, clubId: number, key: string, exceptBannerId: number) => {
  const address = `${FILES_PATH}/${key}-%`;
  const result = await tx.execute(sql`select (
      exists (
        select 1 from ${banners} join ${menus} on ${menus.id} = ${banners.menuId}
        where ${menus.clubId} = ${clubId} and ${banners.id} <> ${exceptBannerId}
          and (${banners.imageUrl} like ${address} or ${banners.imageUrl} = ${key}))
      or exists (select 1 from ${clubs} where ${clubs.id} = ${clubId} and ${clubs.logo} = ${key})
      or exists (select 1 from ${menus} where ${menus.clubId} = ${clubId}
        and (${menus.logo} = ${key} or ${menus.logo} like ${address}))
      or exists (select 1 from ${themes} where ${themes.clubId} = ${clubId}
        and ${themes.backgroundImage} like ${address})
      or exists (select 1 from ${menuItems} join ${menuSections} on ${menuSections.id} = ${menuItems.sectionId}
        join ${menus} on ${menus.id} = ${menuSections.menuId}
        where ${menus.clubId} = ${clubId} and ${menuItems.photo} = ${key})
    ) as used`);
  const [row] = rowsOf(result, z.object({ used: z.boolean() }));
  return Boolean(row?.used);
};

/**
 * Forgets a banner's image when nothing else of the club uses it: its stored_files row goes in the
 * transaction, and the file names are answered so the caller removes the files once it committed.
 */
const releaseImage = async (tx: Transaction, clubId: number, imageUrl: string | null, bannerId: number) => {
  const key = keyOfImageUrl(imageUrl);
  if (!key || (await isImageInUse(tx, clubId, key, bannerId))) return [];
  const removed = await tx
    .delete(storedFiles)
    .where(and(eq(storedFiles.clubId, clubId), eq(storedFiles.key, key)))
    .returning();
  // Another club storing the same content (a menu copied to it, the same picture uploaded) keeps the files.
  const [elsewhere] = await tx
    .select({ id: storedFiles.id })
    .from(storedFiles)
    .where(eq(storedFiles.key, key))
    .limit(1);
  if (elsewhere) return [];
  return removed.flatMap((file) => filesOfImage(file.key, file.contentType, file.variants));
};

export type BannerWrite<Result> = { result: Result; unusedFiles: string[] };

/**
 * POST .../banners/menu/{menuId}: creates the menu's banner or replaces it, in one transaction (Smart
 * plan: promotions). The image must be one of the club's stored images and square; the image a replaced
 * banner no longer uses is released.
 */
export const saveBanner = (
  db: Database,
  clubId: number,
  menuId: number,
  request: SaveBanner,
): Promise<BannerWrite<{ banner: BannerDetails; isNew: boolean }>> =>
  db.transaction(async (tx) => {
    assertPlanAllows(await lockClubPlanInputs(tx, clubId), 'promotions');
    await lockMenu(tx, clubId, menuId);
    const [file] = await tx
      .select()
      .from(storedFiles)
      .where(and(eq(storedFiles.clubId, clubId), eq(storedFiles.key, request.image)));
    if (!file)
      throw new AppError(400, 'IMAGE_NOT_FOUND', {
        issues: [{ path: 'body.image', key: 'errors.IMAGE_NOT_FOUND' }],
      });
    if (file.width !== file.height)
      throw new AppError(400, 'BANNER_IMAGE_NOT_SQUARE', {
        issues: [{ path: 'body.image', key: 'errors.BANNER_IMAGE_NOT_SQUARE' }],
      });
    const { image: _image, ...fields } = request;
    const values = { ...fields, imageUrl: describeImage(file.key, file.variants, file).url };
    const [previous] = await tx.select().from(banners).where(eq(banners.menuId, menuId));
    const saved = firstOrThrow(
      previous
        ? await tx.update(banners).set(values).where(eq(banners.id, previous.id)).returning()
        : await tx
            .insert(banners)
            .values({ menuId, ...values })
            .returning(),
      'banner',
    );
    const unusedFiles =
      previous && previous.imageUrl !== saved.imageUrl
        ? await releaseImage(tx, clubId, previous.imageUrl, previous.id)
        : [];
    return { result: { banner: bannerDetails(saved, file), isNew: !previous }, unusedFiles };
  });

/**
 * DELETE .../banners/menu/{menuId}: removes the banner and, when nothing else of the club uses it, its
 * image; any plan may do it. 404 when the menu has no banner.
 */
export const deleteBanner = (db: Database, clubId: number, menuId: number): Promise<BannerWrite<null>> =>
  db.transaction(async (tx) => {
    await lockMenu(tx, clubId, menuId);
    const [removed] = await tx.delete(banners).where(eq(banners.menuId, menuId)).returning();
    if (!removed) throw notFound();
    const unusedFiles = await releaseImage(tx, clubId, removed.imageUrl, removed.id);
    return { result: null, unusedFiles };
  });
