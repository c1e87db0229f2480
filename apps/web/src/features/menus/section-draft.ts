import type { MenuSection } from '@carta/contract/entities';
import type { MenuLanguage } from '@carta/contract/limits';
import type { SaveSectionRequest } from './api/save-section.ts';

/** Closed (null), or open for a new category (`section: null`) or for renaming one. */
export type SectionDialogState = { section: MenuSection | null } | null;

/** What the category dialog holds: the name and its translations as typed. */
export type SectionDraft = { name: string; translations: Partial<Record<MenuLanguage, string>> };

/** The dialog as it opens: the category as it is (empty for a new one), a field per language. */
export const sectionDraftOf = (
  section: MenuSection | null,
  languages: readonly MenuLanguage[],
): SectionDraft => ({
  name: section?.name ?? '',
  translations: Object.fromEntries(
    languages.map((language) => [language, section?.translations[language]?.translatedName ?? '']),
  ),
});

/**
 * Why the dialog cannot be saved, as a message key, or null: a name is needed, and a rename needs a new
 * one unless a translation changed.
 */
export const sectionDraftProblem = (
  draft: SectionDraft,
  section: MenuSection | null,
  languages: readonly MenuLanguage[],
): 'validation.required' | 'validation.nameUnchanged' | null => {
  const trimmed = draft.name.trim();
  if (!trimmed) return 'validation.required';
  const isTranslationChanged = languages.some(
    (language) =>
      (draft.translations[language] ?? '') !== (section?.translations[language]?.translatedName ?? ''),
  );
  // A rename needs a new name (docs/product.md, Menus); keeping the name is fine when only translations change.
  if (section && trimmed === section.name && !isTranslationChanged) return 'validation.nameUnchanged';
  return null;
};

/**
 * The request that saves the dialog (`name` already trimmed): a blank translation clears it, and a
 * rename sends the name only when it changed.
 */
export const sectionSaveRequest = (
  section: MenuSection | null | undefined,
  name: string,
  translations: SectionDraft['translations'],
): SaveSectionRequest => {
  const translated = Object.fromEntries(
    Object.entries(translations).map(([language, text]) => [
      language,
      text?.trim() ? { translatedName: text.trim() } : null,
    ]),
  );
  return section
    ? { id: section.id, ...(name === section.name ? {} : { name }), translations: translated }
    : { name, translations: translated };
};
