import type { MenuLanguage } from '@carta/contract/limits';
import type { MenuTranslations, TranslatableText } from '@carta/contract/menus';
import type { TranslationSuggestionsResponse } from '@carta/contract/translation-suggestions';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUnsavedChangesGuard } from '../../components/unsaved-changes-guard.tsx';
import { useMutationWithToast } from '../../lib/use-mutation-with-toast.ts';
import { useSaveMenuTranslations } from './api/save-menu-translations.ts';
import { shownTexts, textGroups } from './translation-overview.ts';
import { fillEmptyFields, suggestedIn } from './translation-suggestions.ts';
import { editedTexts, shownTranslation, translationKeyOf, untranslatedCount } from './translation-targets.ts';

/**
 * The translations editor's state: the language shown, the owner's unsaved edits (kept across languages
 * until saved), the "only missing" filter, and the save that sends every edit at once.
 */
export const useTranslationsEditor = (
  clubId: string,
  menuId: string,
  overview: MenuTranslations,
  languages: [MenuLanguage, ...MenuLanguage[]],
) => {
  const { t } = useTranslation();
  const save = useSaveMenuTranslations(clubId, menuId);
  const runSave = useMutationWithToast(save);
  const [language, setLanguage] = useState<MenuLanguage>(languages[0]);
  const [edits, setEdits] = useState<Record<string, string>>({});
  const [isOnlyMissing, setIsOnlyMissing] = useState(false);
  // Fields filled by suggestions and not yet changed by the owner nor saved (0088).
  const [suggested, setSuggested] = useState<ReadonlySet<string>>(new Set());
  // What the owner typed while the suggestions were on their way is read when they arrive, not before.
  const latestEdits = useRef(edits);
  latestEdits.current = edits;
  const isDirty = Object.keys(edits).length > 0;
  const guard = useUnsavedChangesGuard(isDirty);
  const current = languages.includes(language) ? language : languages[0];

  const submit = async () => {
    const texts = editedTexts(edits);
    const failure = await runSave({ texts }, t('menuTranslations.saved', { count: texts.length }));
    if (failure === null) {
      setEdits({});
      setSuggested(new Set());
    }
  };

  /** Puts the suggestions into the empty fields; answers how many it filled. */
  const applySuggestions = ({ language: target, suggestions }: TranslationSuggestionsResponse) => {
    const filled = fillEmptyFields(overview.texts, target, latestEdits.current, suggestions);
    latestEdits.current = filled.edits;
    setEdits(filled.edits);
    setSuggested((previous) => new Set([...previous, ...filled.filled]));
    return filled.filled.length;
  };

  return {
    current,
    setLanguage,
    isOnlyMissing,
    setIsOnlyMissing,
    guard,
    isDirty,
    isSaving: save.isPending,
    submit,
    missingNow: untranslatedCount(overview.texts, current, edits),
    visibleCount: shownTexts(overview.texts, current, isOnlyMissing).length,
    groups: textGroups(overview.texts, shownTexts(overview.texts, current, isOnlyMissing)),
    valueOf: (text: TranslatableText) => shownTranslation(text, current, edits),
    edit: (text: TranslatableText, value: string) => {
      const key = translationKeyOf(text, current);
      setEdits((previous) => ({ ...previous, [key]: value }));
      setSuggested((previous) => new Set([...previous].filter((other) => other !== key)));
    },
    applySuggestions,
    isSuggested: (text: TranslatableText) => suggested.has(translationKeyOf(text, current)),
    /** Suggested fields in the language shown the owner has not reviewed yet. */
    suggestedNow: suggestedIn(suggested, current),
  };
};
