import type { MenuLanguage } from '@carta/contract/limits';
import type {
  MenuTranslations,
  SaveTranslationsRequestSchema,
  TranslatableText,
} from '@carta/contract/menus';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Transaction } from '../../db/client.ts';
import { clubs, menus } from '../../db/schema.ts';
import { notFound } from '../../lib/app-error.ts';
import { isMenuLanguage } from '../clubs/club-details.ts';
import { loadSections, writeItemTranslations, writeSectionTranslations } from './menu-store.ts';

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
  const [club] = await db
    .select({ menuLanguages: clubs.menuLanguages })
    .from(clubs)
    .where(eq(clubs.id, clubId));
  const languages = (club?.menuLanguages ?? []).filter(isMenuLanguage);
  const [menu] = await db
    .select({ name: menus.name, nameTranslations: menus.nameTranslations })
    .from(menus)
    .where(eq(menus.id, menuId));
  const sections = (await loadSections(db, [menuId])).get(menuId) ?? [];
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

/** Writes many translated texts of one menu; an id outside the menu answers 404 and nothing changes. */
export const saveMenuTranslations = async (tx: Transaction, menuId: number, changes: TextChange[]) => {
  const sections = (await loadSections(tx, [menuId])).get(menuId) ?? [];
  const sectionById = new Map(sections.map((section) => [section.id, section]));
  const itemById = new Map(
    sections.flatMap((section) => section.items.map((item) => [item.id, item] as const)),
  );
  for (const change of changes) {
    const exists =
      change.kind === 'menu'
        ? change.id === menuId && change.field === 'name'
        : change.kind === 'section'
          ? sectionById.has(change.id) && change.field === 'name'
          : itemById.has(change.id);
    if (!exists) throw notFound();
  }
  for (const change of changes) {
    const language = change.language as MenuLanguage;
    if (change.kind === 'menu') {
      const [menu] = await tx
        .select({ nameTranslations: menus.nameTranslations })
        .from(menus)
        .where(eq(menus.id, menuId));
      const { [language]: _previous, ...others } = menu?.nameTranslations ?? {};
      await tx
        .update(menus)
        .set({ nameTranslations: change.text ? { ...others, [language]: change.text } : others })
        .where(eq(menus.id, menuId));
      continue;
    }
    if (change.kind === 'section') {
      await writeSectionTranslations(tx, change.id, { [language]: { translatedName: change.text } });
      continue;
    }
    // The other fields of the item's translation stay as they are.
    const current = itemById.get(change.id)!.translations[language];
    const next = {
      translatedName: current?.translatedName ?? null,
      translatedDescription: current?.translatedDescription ?? null,
      translatedIngredients: current?.translatedIngredients ?? null,
      [ITEM_FIELDS[change.field]]: change.text,
    };
    await writeItemTranslations(tx, change.id, { [language]: next });
    // Later changes to the same item see this one.
    itemById.get(change.id)!.translations[language] = {
      id: current?.id ?? 0,
      language,
      originalName: '',
      originalDescription: null,
      originalIngredients: null,
      ...next,
    };
  }
};
