import type { MenuLanguage } from '@carta/contract/limits';
import type { MenuTranslations, TranslatableText } from '@carta/contract/menus';

/** Texts grouped as the menu reads: its own (name, footer), its promotion, then each category with its dishes. */
export const groupKeyOf = (text: TranslatableText) =>
  text.kind === 'menu' || text.kind === 'banner' ? text.kind : `section:${text.sectionId}`;

/** A group of texts under its heading: the menu's own, its promotion's, or a category's (by its name). */
export type TextGroup = {
  key: string;
  kind: 'menu' | 'banner' | 'section';
  /** A category's original name; empty for the menu's and the promotion's groups. */
  sectionName: string;
  texts: TranslatableText[];
};

/** The texts shown, in groups in the order they come; a category is named from all the menu's texts. */
export const textGroups = (
  allTexts: readonly TranslatableText[],
  shown: readonly TranslatableText[],
): TextGroup[] => {
  const groups = new Map<string, TranslatableText[]>();
  for (const text of shown) groups.set(groupKeyOf(text), [...(groups.get(groupKeyOf(text)) ?? []), text]);
  return [...groups.entries()].map(([key, texts]) => ({
    key,
    kind: key === 'menu' || key === 'banner' ? key : 'section',
    sectionName:
      key === 'menu' || key === 'banner'
        ? ''
        : (allTexts.find((text) => groupKeyOf(text) === key && text.kind === 'section')?.original ?? ''),
    texts,
  }));
};

/** The texts listed for `language`: all, or with "only missing" on, those with no saved translation. */
export const shownTexts = (
  texts: readonly TranslatableText[],
  language: MenuLanguage,
  isOnlyMissing: boolean,
) => texts.filter((text) => !isOnlyMissing || !text.translations[language]);

/** How far a language's translation is, as saved: every text counts as missing until the server has counted. */
export const languageProgress = (
  overview: Pick<MenuTranslations, 'progress' | 'texts'>,
  language: MenuLanguage,
) => {
  const progress = overview.progress.findLast((entry) => entry.language === language) ?? {
    translated: 0,
    total: overview.texts.length,
  };
  return {
    translated: progress.translated,
    total: progress.total,
    missing: progress.total - progress.translated,
    /** The bar's fill, 0 to 100; a menu with nothing to translate is complete. */
    percent: progress.total ? (progress.translated / progress.total) * 100 : 100,
  };
};

/** Whether any text has a saved translation in one of `languages`: guests could read it were the switch on. */
export const hasSavedTranslations = (
  texts: readonly TranslatableText[],
  languages: readonly MenuLanguage[],
) => texts.some((text) => languages.some((language) => Boolean(text.translations[language])));
