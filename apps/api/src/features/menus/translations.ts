import type { BannerTranslation } from '@carta/contract/entities';
import type { MenuLanguage } from '@carta/contract/limits';
import type {
  MenuTranslations,
  SaveTranslationsRequestSchema,
  TranslatableField,
  TranslatableText,
} from '@carta/contract/menus';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { type Database, type Executor, readTogether, type Transaction } from '../../db/client.ts';
import { banners, clubs, menus } from '../../db/schema.ts';
import { notFound } from '../../lib/app-error.ts';
import { isMenuLanguage } from '../clubs/club-details.ts';
import {
  type ItemTranslationValues,
  type ItemTranslationWrite,
  type SectionTranslationWrite,
  writeItemTranslations,
  writeSectionTranslations,
} from './menu-content.ts';
import { lockMenu, requireMenu } from './menu-store.ts';
import { loadSections } from './section-reads.ts';
import { singleTexts, withTexts } from './text-changes.ts';
import { type VariantNameChanges, writeVariantNames } from './variant-store.ts';

/** The column of an item's translation that holds each translatable field. */
const ITEM_FIELDS = {
  name: 'translatedName',
  description: 'translatedDescription',
  ingredients: 'translatedIngredients',
  priceText: 'translatedPriceText',
  additionalNotes: 'translatedAdditionalNotes',
} as const satisfies Record<TranslatableField<'item'>, keyof ItemTranslationValues>;

const BANNER_FIELDS = [
  'title',
  'subtitle',
  'description',
  'price',
] as const satisfies TranslatableField<'banner'>[];

type BannerTranslations = Partial<Record<string, BannerTranslation>>;

/** The menu's own texts, its banner's and the club's languages and switch: one statement. */
const loadMenuTexts = async (db: Executor, clubId: number, menuId: number) => {
  const [row] = await db
    .select({
      menuLanguages: clubs.menuLanguages,
      translationsEnabled: clubs.translationsEnabled,
      menu: {
        name: menus.name,
        nameTranslations: menus.nameTranslations,
        footer: menus.footer,
        footerTranslations: menus.footerTranslations,
      },
      banner: {
        id: banners.id,
        title: banners.title,
        subtitle: banners.subtitle,
        description: banners.description,
        price: banners.price,
        translations: banners.translations,
      },
    })
    .from(clubs)
    .leftJoin(menus, eq(menus.id, menuId))
    .leftJoin(banners, eq(banners.menuId, menus.id))
    .where(eq(clubs.id, clubId));
  return row;
};

/**
 * Every text of a menu a guest reads, with its translation in each of the club's languages, and how many
 * are translated per language: the menu's name and footer, its banner's texts, the categories' names and
 * the items' names, descriptions, ingredients, price texts and notes, and their variants' names. An item whose name is not
 * translated (`translateName: false`) does not bring its name; empty texts bring nothing.
 */
export const loadMenuTranslations = async (
  db: Database | Transaction,
  clubId: number,
  menuId: number,
): Promise<MenuTranslations> => {
  const [row, sectionsByMenu] = await readTogether(db, [
    () => loadMenuTexts(db, clubId, menuId),
    () => loadSections(db, [menuId]),
  ]);
  const languages = (row?.menuLanguages ?? []).filter(isMenuLanguage);
  const translationsOf = (translationIn: (language: MenuLanguage) => string | null | undefined) =>
    Object.fromEntries(languages.map((language) => [language, translationIn(language) || null]));
  const texts: TranslatableText[] = [];
  const menu = row?.menu;
  if (menu) {
    texts.push({
      kind: 'menu',
      id: menuId,
      sectionId: 0,
      field: 'name',
      original: menu.name,
      translations: translationsOf((language) => menu.nameTranslations[language]),
    });
    if (menu.footer)
      texts.push({
        kind: 'menu',
        id: menuId,
        sectionId: 0,
        field: 'footer',
        original: menu.footer,
        translations: translationsOf((language) => menu.footerTranslations[language]),
      });
  }
  const banner = row?.banner;
  if (banner)
    for (const field of BANNER_FIELDS) {
      const original = banner[field];
      if (!original) continue;
      texts.push({
        kind: 'banner',
        id: banner.id,
        sectionId: 0,
        field,
        original,
        translations: translationsOf((language) => banner.translations[language]?.[field]),
      });
    }
  for (const section of sectionsByMenu.get(menuId) ?? []) {
    texts.push({
      kind: 'section',
      id: section.id,
      sectionId: section.id,
      field: 'name',
      original: section.name,
      translations: translationsOf((language) => section.translations[language]?.translatedName),
    });
    for (const item of section.items) {
      for (const field of Object.keys(ITEM_FIELDS) as TranslatableField<'item'>[]) {
        const original = item[field];
        if (!original || (field === 'name' && !item.translateName)) continue;
        texts.push({
          kind: 'item',
          id: item.id,
          sectionId: section.id,
          field,
          original,
          translations: translationsOf((language) => item.translations[language]?.[ITEM_FIELDS[field]]),
        });
      }
      for (const variant of item.variants)
        texts.push({
          kind: 'variant',
          id: variant.id,
          sectionId: section.id,
          itemId: item.id,
          itemName: item.name,
          field: 'name',
          original: variant.name,
          translations: translationsOf((language) => variant.nameTranslations[language]),
        });
    }
  }
  return {
    languages,
    translationsEnabled: row?.translationsEnabled ?? false,
    progress: languages.map((language) => ({
      language,
      total: texts.length,
      translated: texts.filter((text) => text.translations[language]).length,
    })),
    texts,
  };
};

type TextChange = z.output<typeof SaveTranslationsRequestSchema>['texts'][number];

/**
 * Writes many translated texts of one menu; an id outside the menu answers 404 and nothing changes.
 * The changes are folded first (a later change to the same text wins, and the other texts of a
 * translation stay as they are), then written a table at a time: a handful of statements whatever
 * their number.
 */
export const saveMenuTranslations = async (
  tx: Transaction,
  clubId: number,
  menuId: number,
  changes: TextChange[],
) => {
  const [row, sectionsByMenu] = await readTogether(tx, [
    () => loadMenuTexts(tx, clubId, menuId),
    () => loadSections(tx, [menuId]),
  ]);
  const sections = sectionsByMenu.get(menuId) ?? [];
  const sectionIds = new Set(sections.map((section) => section.id));
  const itemById = new Map(
    sections.flatMap((section) => section.items.map((item) => [item.id, item] as const)),
  );
  const variantNames = new Map(
    [...itemById.values()].flatMap((item) =>
      item.variants.map((variant) => [variant.id, variant.nameTranslations] as const),
    ),
  );
  const variantChanges: VariantNameChanges = new Map();
  const menuTexts = new Map<string, { name?: string | null; footer?: string | null }>();
  const bannerTexts = new Map<string, Partial<Record<keyof BannerTranslation, string | null>>>();
  const sectionNames = new Map<string, SectionTranslationWrite>();
  const itemTexts = new Map<string, ItemTranslationWrite & { values: ItemTranslationValues }>();
  for (const change of changes) {
    const { language, text } = change;
    if (change.kind === 'menu') {
      if (change.id !== menuId) throw notFound();
      menuTexts.set(language, { ...menuTexts.get(language), [change.field]: text });
      continue;
    }
    if (change.kind === 'banner') {
      if (!row?.banner || change.id !== row.banner.id) throw notFound();
      bannerTexts.set(language, { ...bannerTexts.get(language), [change.field]: text });
      continue;
    }
    if (change.kind === 'variant') {
      if (!variantNames.has(change.id)) throw notFound();
      variantChanges.set(change.id, (variantChanges.get(change.id) ?? new Map()).set(language, text));
      continue;
    }
    const key = `${change.id}:${language}`;
    if (change.kind === 'section') {
      if (!sectionIds.has(change.id)) throw notFound();
      sectionNames.set(key, { sectionId: change.id, language, translatedName: text });
      continue;
    }
    const item = itemById.get(change.id);
    if (!item) throw notFound();
    const saved = item.translations[language];
    const current = itemTexts.get(key)?.values ?? {
      translatedName: saved?.translatedName ?? null,
      translatedDescription: saved?.translatedDescription ?? null,
      translatedIngredients: saved?.translatedIngredients ?? null,
      translatedPriceText: saved?.translatedPriceText ?? null,
      translatedAdditionalNotes: saved?.translatedAdditionalNotes ?? null,
    };
    itemTexts.set(key, {
      itemId: item.id,
      language,
      values: { ...current, [ITEM_FIELDS[change.field as TranslatableField<'item'>]]: text },
    });
  }

  if (menuTexts.size > 0 && row?.menu) {
    const changesOf = (field: 'name' | 'footer') =>
      new Map(
        [...menuTexts].flatMap(([language, texts]) =>
          field in texts ? [[language, texts[field] ?? null] as const] : [],
        ),
      );
    await tx
      .update(menus)
      .set({
        nameTranslations: singleTexts(row.menu.nameTranslations, changesOf('name')),
        footerTranslations: singleTexts(row.menu.footerTranslations, changesOf('footer')),
      })
      .where(eq(menus.id, menuId));
  }
  if (bannerTexts.size > 0 && row?.banner)
    await tx
      .update(banners)
      .set({
        translations: withTexts<BannerTranslation>(
          row.banner.translations as BannerTranslations,
          bannerTexts,
        ),
      })
      .where(eq(banners.id, row.banner.id));
  await writeSectionTranslations(tx, [...sectionNames.values()]);
  await writeItemTranslations(tx, [...itemTexts.values()]);
  await writeVariantNames(tx, variantChanges, variantNames);
};

/** GET /menu/{menuId}/translations. */
export const readMenuTranslations = async (db: Database, clubId: number, menuId: number) => {
  await requireMenu(db, clubId, menuId);
  return loadMenuTranslations(db, clubId, menuId);
};

/** PUT /menu/{menuId}/translations: all or nothing, under the menu's lock; answers every text again. */
export const changeMenuTranslations = (db: Database, clubId: number, menuId: number, changes: TextChange[]) =>
  db.transaction(async (tx) => {
    await lockMenu(tx, clubId, menuId);
    await saveMenuTranslations(tx, clubId, menuId, changes);
    return loadMenuTranslations(tx, clubId, menuId);
  });
