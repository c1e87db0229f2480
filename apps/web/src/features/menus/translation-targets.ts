import { MENU_ORIGINAL_LANGUAGE, type MenuLanguage } from '@carta/contract/limits';
import type { TranslatableText } from '@carta/contract/menus';

/** The languages a menu may be translated into, in the order given: every one but the menu's own. */
export const translationTargets = <Language extends MenuLanguage>(languages: readonly Language[]) =>
  languages.filter((language) => language !== MENU_ORIGINAL_LANGUAGE);

/** The key an edit of one text in one language is kept under. */
export const translationKeyOf = (
  text: Pick<TranslatableText, 'kind' | 'id' | 'field'>,
  language: MenuLanguage,
) => `${text.kind}:${text.id}:${text.field}:${language}`;

/** The translation shown in a text's field: the owner's unsaved edit, else the saved one, else nothing. */
export const shownTranslation = (
  text: TranslatableText,
  language: MenuLanguage,
  edits: Readonly<Record<string, string>>,
) => edits[translationKeyOf(text, language)] ?? text.translations[language] ?? '';

/**
 * How many of a menu's texts still have no translation in `language`, counting what the owner has typed
 * and not saved yet: the number goes down as the fields fill, before the save.
 */
export const untranslatedCount = (
  texts: readonly TranslatableText[],
  language: MenuLanguage,
  edits: Readonly<Record<string, string>> = {},
) => texts.filter((text) => shownTranslation(text, language, edits).trim() === '').length;

/**
 * The dish a text belongs to, by its original name, for a dish's texts other than its name and for its
 * variants' names: a "Description" row whose name row is filtered out (or far above) still says which
 * dish it describes, and a "Variant" row which dish it prices.
 */
export const dishNameOf = (texts: readonly TranslatableText[], text: TranslatableText): string | null => {
  if (text.kind === 'variant') return text.itemName;
  if (text.kind !== 'item' || text.field === 'name') return null;
  return (
    texts.find((other) => other.kind === 'item' && other.id === text.id && other.field === 'name')
      ?.original ?? null
  );
};

/** The owner's unsaved edits as the save request's texts, each read back from the key it was kept under. */
export const editedTexts = (edits: Readonly<Record<string, string>>) =>
  Object.entries(edits).map(([key, value]) => {
    const [kind, id, field, language] = key.split(':') as [
      TranslatableText['kind'],
      string,
      TranslatableText['field'],
      MenuLanguage,
    ];
    return { kind, id: Number(id), field, language, text: value };
  });
