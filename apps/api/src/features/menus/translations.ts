import type { MenuLanguage } from '@carta/contract/limits';
import type {
  MenuTranslations,
  SaveTranslationsRequestSchema,
  TranslatableText,
} from '@carta/contract/menus';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Database, readTogether, type Transaction } from '../../db/client.ts';
import { clubs, menus } from '../../db/schema.ts';
import { notFound } from '../../lib/app-error.ts';
import { isMenuLanguage } from '../clubs/club-details.ts';
import {
  type ItemTranslationWrite,
  type SectionTranslationWrite,
  writeItemTranslations,
  writeSectionTranslations,
} from './menu-content.ts';
import { loadSections, lockMenu, requireMenu } from './menu-store.ts';

type ItemTexts = {
  translatedName: string | null;
  translatedDescription: string | null;
  translatedIngredients: string | null;
};

const ITEM_FIELDS = {
  name: 'translatedName',
  description: 'translatedDescription',
  ingredients: 'translatedIngredients',
} as const;

/**
 * Every text of a menu a guest reads, with its translation in each of the club's languages, and how many
 * are translated per language. An item whose name is not translated (`translateName: false`) brings
 * only its description and ingredients; empty texts bring nothing.
 */
export const loadMenuTranslations = async (
  db: Database | Transaction,
  clubId: number,
  menuId: number,
): Promise<MenuTranslations> => {
  const [[row], sectionsByMenu] = await readTogether(db, [
    () =>
      db
        .select({
          menuLanguages: clubs.menuLanguages,
          menu: { name: menus.name, nameTranslations: menus.nameTranslations },
        })
        .from(clubs)
        .leftJoin(menus, eq(menus.id, menuId))
        .where(eq(clubs.id, clubId)),
    () => loadSections(db, [menuId]),
  ]);
  const languages = (row?.menuLanguages ?? []).filter(isMenuLanguage);
  const menu = row?.menu;
  const sections = sectionsByMenu.get(menuId) ?? [];
  const texts: TranslatableText[] = [];
  if (menu)
    texts.push({
      kind: 'menu',
      id: menuId,
      sectionId: 0,
      field: 'name',
      original: menu.name,
      translations: Object.fromEntries(
        languages.map((language) => [language, menu.nameTranslations[language] ?? null]),
      ),
    });
  for (const section of sections) {
    texts.push({
      kind: 'section',
      id: section.id,
      sectionId: section.id,
      field: 'name',
      original: section.name,
      translations: Object.fromEntries(
        languages.map((language) => [language, section.translations[language]?.translatedName ?? null]),
      ),
    });
    for (const item of section.items) {
      for (const field of ['name', 'description', 'ingredients'] as const) {
        const original = item[field];
        if (!original || (field === 'name' && !item.translateName)) continue;
        texts.push({
          kind: 'item',
          id: item.id,
          sectionId: section.id,
          field,
          original,
          translations: Object.fromEntries(
            languages.map((language) => [
              language,
              item.translations[language]?.[ITEM_FIELDS[field]] ?? null,
            ]),
          ),
        });
      }
    }
  }
  return {
    languages,
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
 * The changes are folded first (a later change to the same text wins, and the other fields of an
 * item's translation stay as they are), then written a table at a time: a handful of statements
 * whatever their number.
 */
export const saveMenuTranslations = async (tx: Transaction, menuId: number, changes: TextChange[]) => {
  const sections = (await loadSections(tx, [menuId])).get(menuId) ?? [];
  const sectionIds = new Set(sections.map((section) => section.id));
  const itemById = new Map(
    sections.flatMap((section) => section.items.map((item) => [item.id, item] as const)),
  );
  const menuNames = new Map<string, string | null>();
  const sectionNames = new Map<string, SectionTranslationWrite>();
  const itemTexts = new Map<string, ItemTranslationWrite & { values: ItemTexts }>();
  for (const change of changes) {
    const { language, text } = change;
    if (change.kind === 'menu') {
      if (change.id !== menuId || change.field !== 'name') throw notFound();
      menuNames.set(language, text);
      continue;
    }
    const key = `${change.id}:${language}`;
    if (change.kind === 'section') {
      if (!sectionIds.has(change.id) || change.field !== 'name') throw notFound();
      sectionNames.set(key, { sectionId: change.id, language, translatedName: text });
      continue;
    }
    const item = itemById.get(change.id);
    if (!item) throw notFound();
    const saved = item.translations[language as MenuLanguage];
    const current = itemTexts.get(key)?.values ?? {
      translatedName: saved?.translatedName ?? null,
      translatedDescription: saved?.translatedDescription ?? null,
      translatedIngredients: saved?.translatedIngredients ?? null,
    };
    itemTexts.set(key, {
      itemId: item.id,
      language,
      values: { ...current, [ITEM_FIELDS[change.field]]: text },
    });
  }

  if (menuNames.size > 0) {
    const named = Object.fromEntries([...menuNames].filter((entry) => Boolean(entry[1])));
    const languages = sql.join(
      [...menuNames.keys()].map((language) => sql`${language}`),
      sql`, `,
    );
    await tx
      .update(menus)
      .set({
        nameTranslations: sql`(${menus.nameTranslations} - array[${languages}]::text[]) || ${JSON.stringify(named)}::jsonb`,
      })
      .where(eq(menus.id, menuId));
  }
  await writeSectionTranslations(tx, [...sectionNames.values()]);
  await writeItemTranslations(tx, [...itemTexts.values()]);
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
    await saveMenuTranslations(tx, menuId, changes);
    return loadMenuTranslations(tx, clubId, menuId);
  });
