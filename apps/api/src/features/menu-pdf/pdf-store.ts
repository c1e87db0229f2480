import type { GuestLanguage } from '@carta/guest/messages';
import { eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { subscriptionOfClub } from '../../db/club-columns.ts';
import { clubs, subscriptions } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { assertPlanAllows } from '../clubs/plan.ts';
import { loadGuestMenu, visibleSections } from '../guest/guest-view.ts';
import { loadFullMenu } from '../menus/menu-store.ts';
import type { PdfMenu } from './pdf-document.ts';

/** The language a menu is written in; translations add the club's other languages (as on the guest page). */
export const ORIGINAL_LANGUAGE: GuestLanguage = 'it';

/** A menu to print, before its language is chosen and its logo read. */
export type PdfSource = Omit<PdfMenu, 'language' | 'logo'> & {
  languages: GuestLanguage[];
  /** The logo's address (`/files/img/<hash>-<width>.webp`), or null. */
  logoUrl: string | null;
};

const languagesOf = (translations: readonly string[]): GuestLanguage[] =>
  [...new Set([ORIGINAL_LANGUAGE, ...translations])] as GuestLanguage[];

/**
 * The owner's menu to print: the club must be on a plan with the PDF menu (403 SMART_PLAN_REQUIRED), the
 * menu the club's (404). Hidden categories and items are left out as guests never see them; the menu
 * is read by the owner's own loader (loadFullMenu), never a copy of it.
 */
export const loadOwnerPdfSource = async (
  db: Executor,
  clubId: number,
  menuId: number,
): Promise<PdfSource> => {
  const [club] = await db
    .select({
      name: clubs.name,
      freeForever: clubs.freeForever,
      itemPhotosEnabled: clubs.itemPhotosEnabled,
      subscription: subscriptions,
    })
    .from(clubs)
    .leftJoin(subscriptions, subscriptionOfClub)
    .where(eq(clubs.id, clubId));
  if (!club) throw notFound();
  assertPlanAllows(club, 'pdfMenu');
  const menu = await loadFullMenu(db, clubId, menuId);
  return {
    clubName: club.name,
    menu: { ...menu, sections: visibleSections(menu.sections, { hasPhotos: club.itemPhotosEnabled }) },
    languages: languagesOf(menu.translations),
    logoUrl: menu.logo,
  };
};

/**
 * A guest's menu to print: only while the guest page shows that menu at that table (the guest page's
 * own check, loadGuestMenu) and the club offers the PDF (its switch and its plan); null otherwise.
 */
export const loadGuestPdfSource = async (
  db: Database,
  clubId: number,
  tableId: number,
  menuId: number,
): Promise<PdfSource | null> => {
  const result = await loadGuestMenu(db, clubId, tableId, menuId);
  if (result.kind !== 'open' || !result.isPdfOffered) return null;
  return {
    clubName: result.clubName,
    menu: result.menu,
    languages: languagesOf(result.languages),
    logoUrl: result.menu.logo,
  };
};

/** The language asked, when the menu has it; the original otherwise (or, when `isStrict`, a 400). */
export const chooseLanguage = (source: PdfSource, asked: string | undefined, isStrict: boolean) => {
  if (!asked) return ORIGINAL_LANGUAGE;
  if ((source.languages as string[]).includes(asked)) return asked as GuestLanguage;
  if (isStrict)
    throw new AppError(400, 'VALIDATION_ERROR', {
      issues: [{ path: 'querystring.lang', key: 'validation.invalid' }],
    });
  return ORIGINAL_LANGUAGE;
};
