import type { TranslatableText } from '@carta/contract/menus';
import { describe, expect, it } from 'vitest';
import {
  hasSavedTranslations,
  languageProgress,
  shownTexts,
  textGroups,
} from '../src/features/menus/translation-overview.ts';

const text = (fields: Partial<TranslatableText>) =>
  ({
    kind: 'item',
    id: 1,
    sectionId: 1,
    field: 'name',
    original: 'Carbonara',
    translations: {},
    ...fields,
  }) as TranslatableText;

const texts = [
  text({ kind: 'menu', id: 5, sectionId: 0, original: 'Pranzo' }),
  text({ kind: 'section', id: 1, original: 'Primi' }),
  text({ id: 1, original: 'Carbonara', translations: { en: 'Carbonara' } }),
  text({ id: 2, original: 'Amatriciana' }),
  text({ kind: 'banner', id: 3, sectionId: 0, field: 'title', original: 'Happy hour' }),
];

describe('the translations screen', () => {
  it('groups the texts as the menu reads: its own, then each category under its name, the promotion', () => {
    expect(
      textGroups(texts, texts).map((group) => [group.kind, group.sectionName, group.texts.length]),
    ).toEqual([
      ['menu', '', 1],
      ['section', 'Primi', 3],
      ['banner', '', 1],
    ]);
  });

  it("with only missing on, lists the texts with no saved translation and still names a dish's category", () => {
    const shown = shownTexts(texts, 'en', true);
    expect(shown.map((entry) => entry.original)).toEqual(['Pranzo', 'Primi', 'Amatriciana', 'Happy hour']);
    // A dish shown alone still sits under its category's name.
    const dishOnly = textGroups(texts, shown.slice(2, 3));
    expect(dishOnly.map((group) => group.sectionName)).toEqual(['Primi']);
    expect(shownTexts(texts, 'en', false)).toHaveLength(5);
  });

  it("shows each language's progress, complete when there is nothing to translate", () => {
    const overview = { progress: [{ language: 'en' as const, translated: 3, total: 4 }], texts };
    expect(languageProgress(overview, 'en')).toEqual({ translated: 3, total: 4, missing: 1, percent: 75 });
    expect(languageProgress(overview, 'de')).toMatchObject({ translated: 0, total: 5, missing: 5 });
    expect(languageProgress({ progress: [], texts: [] }, 'de')).toMatchObject({ missing: 0, percent: 100 });
  });

  it('knows whether the owner has saved translations guests cannot read yet', () => {
    expect(hasSavedTranslations(texts, ['en'])).toBe(true);
    expect(hasSavedTranslations(texts, ['de'])).toBe(false);
  });
});
