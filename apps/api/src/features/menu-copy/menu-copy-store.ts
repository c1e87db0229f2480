import type { CopyMenuResponse } from '@carta/contract/menu-copy';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database, Transaction } from '../../db/client.ts';
import { subscriptionOfClub } from '../../db/club-columns.ts';
import { rowsOf } from '../../db/records.ts';
import {
  banners,
  clubs,
  itemTranslations,
  itemVariants,
  menuItems,
  menuSections,
  menus,
  schedulings,
  sectionTranslations,
  storedFiles,
  subscriptions,
  themes,
  timePrices,
} from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { writeAudit } from '../../lib/audit.ts';
import { clubRoleOf } from '../../plugins/club-scope.ts';
import { clubPlan } from '../clubs/plan.ts';
import { FILES_PATH } from '../images/images.ts';
import { columnList, copiedColumns, copyMenuRows, zonesOfSchedule } from '../menus/menu-duplicate.ts';
import { assertMenuAllowance, lockClub, requireMenu } from '../menus/menu-store.ts';
import { type CopyFacts, copyIsEnabled, copyNotes } from './copy-notes.ts';

// A menu copied to another of the caller's clubs (docs/product.md, Menus; 0089): the menu's own copy is
// the duplicate's (menus/menu-duplicate.ts); what belongs to a club (its zones, its theme, its stored
// images, its languages and plan) is read here and taken as the target has it.

export type MenuCopyRequest = {
  accountId: number;
  sourceClubId: number;
  menuId: number;
  targetClubId: number;
};

/** The source's schedules, each with its zone's name and whether the target has a zone of that name. */
const readSchedules = async (tx: Transaction, menuId: number, targetClubId: number) =>
  rowsOf(
    await tx.execute(sql`
      select source_zone.name as "zone", target_zone.id is not null as "isMatched"
      from ${schedulings} as schedule
      ${zonesOfSchedule(targetClubId)}
      where schedule.menu_id = ${menuId}
      order by schedule.id`),
    z.object({ zone: z.string().nullable(), isMatched: z.boolean() }),
  ).map((schedule) => ({ ...schedule, isMatched: schedule.zone === null || schedule.isMatched }));

/** The keys of a JSON column of translations by language, one row each. */
const keysOf = (column: string) => sql`jsonb_object_keys(${sql.identifier(column)})`;

/**
 * Every language any text of the menu is translated into: its name and footer, its categories, dishes,
 * variants and prices by time, its banner. One statement.
 */
const readTranslatedLanguages = async (tx: Transaction, menuId: number) => {
  const sectionsOfMenu = sql`select id from ${menuSections} where menu_id = ${menuId}`;
  const itemsOfMenu = sql`select id from ${menuItems} where section_id in (${sectionsOfMenu})`;
  const rows = rowsOf(
    await tx.execute(sql`
      select ${keysOf('name_translations')} as "language" from ${menus} where id = ${menuId}
      union select ${keysOf('footer_translations')} from ${menus} where id = ${menuId}
      union select language from ${sectionTranslations} where section_id in (${sectionsOfMenu})
      union select language from ${itemTranslations} where item_id in (${itemsOfMenu})
      union select ${keysOf('name_translations')} from ${itemVariants} where item_id in (${itemsOfMenu})
      union select ${keysOf('label_translations')} from ${timePrices}
        where section_id in (${sectionsOfMenu}) or item_id in (${itemsOfMenu})
      union select ${keysOf('translations')} from ${banners} where menu_id = ${menuId}`),
    z.object({ language: z.string() }),
  );
  return rows.map((row) => row.language);
};

/** What the target club shows guests: its languages, and whether banners reach them. */
const readTarget = async (tx: Transaction, clubId: number) => {
  const [club] = await tx
    .select({
      menuLanguages: clubs.menuLanguages,
      translationsEnabled: clubs.translationsEnabled,
      bannerUpdateEnabled: clubs.bannerUpdateEnabled,
      subscription: subscriptions,
    })
    .from(clubs)
    .leftJoin(subscriptions, subscriptionOfClub)
    .where(eq(clubs.id, clubId));
  if (!club) throw notFound();
  return {
    languages: club.translationsEnabled ? club.menuLanguages : [],
    showsBanners: clubPlan(club).isSmart && club.bannerUpdateEnabled,
  };
};

/** The menu's theme when it is a club's own one the target may not use (a standard theme is everyone's). */
const readUnsharedTheme = async (tx: Transaction, themeId: number | null, targetClubId: number) => {
  if (themeId === null) return null;
  const [theme] = await tx
    .select({ name: themes.name, clubId: themes.clubId })
    .from(themes)
    .where(eq(themes.id, themeId));
  return theme && theme.clubId !== null && theme.clubId !== targetClubId ? theme.name : null;
};

/**
 * The copy's images (dishes' photos, the banner's image, the menu's logo) become the target club's own
 * too: a row of the target for each key, naming the same stored files, which stay while any club has a
 * row for them (image-store.ts), so deleting the source never takes the copy's pictures. One statement.
 */
const shareImages = async (tx: Transaction, sourceClubId: number, targetClubId: number, copyId: number) => {
  const columns = copiedColumns(storedFiles, ['clubId']);
  const address = sql`${`${FILES_PATH}/`} || stored.key || '-%'`;
  await tx.execute(sql`
    insert into ${storedFiles} (${columnList(columns)}, club_id)
    select ${columnList(columns, 'stored')}, ${targetClubId}
    from ${storedFiles} as stored
    where stored.club_id = ${sourceClubId} and (
      stored.key in (
        select item.photo from ${menuItems} as item
        join ${menuSections} as section on section.id = item.section_id
        where section.menu_id = ${copyId})
      or exists (select 1 from ${banners} as banner where banner.menu_id = ${copyId}
        and (banner.image_url = stored.key or banner.image_url like ${address}))
      or exists (select 1 from ${menus} as menu where menu.id = ${copyId}
        and (menu.logo = stored.key or menu.logo like ${address})))
    on conflict (club_id, key) do nothing`);
};

/** The target club must be another one the caller owns or manages; any other answers 404, like a stranger's. */
const assertTarget = async (tx: Transaction, request: MenuCopyRequest) => {
  if (request.targetClubId === request.sourceClubId)
    throw new AppError(400, 'VALIDATION_ERROR', {
      issues: [{ path: 'body.targetClubId', key: 'validation.otherClub' }],
    });
  const role = await clubRoleOf(tx, request.accountId, request.targetClubId);
  if (role !== 'owner' && role !== 'manager') throw notFound();
};

/**
 * POST /clubs/{clubId}/menu/{menuId}/copy: a deep, independent copy of the menu at the end of the target
 * club's list, with its name and translations, within the target's plan allowance, in one transaction
 * with its audit line. Answers where it went, whether guests see it, and what it could not take as it was.
 */
export const copyMenuToClub = (db: Database, request: MenuCopyRequest): Promise<CopyMenuResponse> =>
  db.transaction(async (tx) => {
    const { accountId, sourceClubId, menuId, targetClubId } = request;
    await assertTarget(tx, request);
    const source = await requireMenu(tx, sourceClubId, menuId);
    await lockClub(tx, targetClubId);
    await assertMenuAllowance(tx, targetClubId);
    const target = await readTarget(tx, targetClubId);
    const schedules = await readSchedules(tx, menuId, targetClubId);
    const enabled = copyIsEnabled({ isEnabled: source.enabled, schedules });
    const copy = await copyMenuRows(tx, { sourceMenuId: menuId, targetClubId, name: null, enabled });
    await shareImages(tx, sourceClubId, targetClubId, copy.id);
    const facts: CopyFacts = {
      isEnabled: source.enabled,
      schedules,
      unsharedThemeName: await readUnsharedTheme(tx, source.themeId, targetClubId),
      translatedLanguages: await readTranslatedLanguages(tx, menuId),
      targetLanguages: target.languages,
      hasBanner:
        (await tx.select({ id: banners.id }).from(banners).where(eq(banners.menuId, menuId))).length > 0,
      targetShowsBanners: target.showsBanners,
      timePricesLeftOut: copy.timePricesLeftOut,
    };
    const notes = copyNotes(facts);
    await writeAudit(tx, accountId, {
      action: 'menu.copy',
      target: { type: 'club', id: targetClubId },
      details: { sourceClubId, sourceMenuId: menuId, menuId: copy.id, name: source.name },
    });
    return { clubId: targetClubId, menuId: copy.id, enabled, notes };
  });
