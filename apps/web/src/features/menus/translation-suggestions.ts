import type { MenuLanguage } from '@carta/contract/limits';
import type { TranslatableText } from '@carta/contract/menus';
import type { TranslationSuggestion } from '@carta/contract/translation-suggestions';
import { shownTranslation, translationKeyOf } from './translation-targets.ts';

// Suggested translations in the editor (docs/decisions/0088-suggested-translations.md): they fill only the
// fields that are empty when they arrive, as unsaved edits marked "Suggested" until the owner changes them
// or saves.

/**
 * The edits with the suggestions put into the fields still empty (nothing saved and nothing typed), and
 * the keys of the fields they filled. A field the owner has written in, or that has a saved translation,
 * is never touched; a suggestion for a text the menu no longer lists is dropped.
 */
export const fillEmptyFields = (
  texts: readonly TranslatableText[],
  language: MenuLanguage,
  edits: Readonly<Record<string, string>>,
  suggestions: readonly TranslationSuggestion[],
): { edits: Record<string, string>; filled: string[] } => {
  const byKey = new Map(texts.map((text) => [translationKeyOf(text, language), text]));
  const next = { ...edits };
  const filled: string[] = [];
  for (const suggestion of suggestions) {
    const key = translationKeyOf(suggestion, language);
    const text = byKey.get(key);
    if (!text || suggestion.text.trim() === '') continue;
    if (shownTranslation(text, language, next).trim() !== '') continue;
    next[key] = suggestion.text;
    filled.push(key);
  }
  return { edits: next, filled };
};

/** The suggested fields still as suggested in `language` (the keys end with the language). */
export const suggestedIn = (suggested: ReadonlySet<string>, language: MenuLanguage) =>
  [...suggested].filter((key) => key.endsWith(`:${language}`)).length;
