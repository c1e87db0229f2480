import { MENU_ORIGINAL_LANGUAGE } from '@carta/contract/limits';
import type { TranslatableText } from '@carta/contract/menus';
import { describe, expect, it } from 'vitest';
import {
  dishNameOf,
  editedTexts,
  shownTranslation,
  translationKeyOf,
  translationTargets,
  untranslatedCount,
} from '../src/features/menus/translation-targets.ts';

const text = (id: number, translations: TranslatableText['translations']): TranslatableText => ({
  kind: 'item',
  id,
  sectionId: 1,
  field: 'name',
  original: `Piatto ${id}`,
  translations,
});

describe("a menu's translation targets", () => {
  it("never offer the menu's own language, Italian, even when an older choice holds it", () => {
    expect(MENU_ORIGINAL_LANGUAGE).toBe('it');
    expect(translationTargets(['it', 'en', 'de', 'fr', 'es'])).toEqual(['en', 'de', 'fr', 'es']);
    expect(translationTargets(['en', 'it'])).toEqual(['en']);
    expect(translationTargets(['it'])).toEqual([]);
  });
});

describe('what is still to translate', () => {
  const texts = [text(1, { en: 'Dish one' }), text(2, { en: null }), text(3, {}), text(4, { en: '   ' })];

  it('counts the texts with no translation in the language, blanks included', () => {
    expect(untranslatedCount(texts, 'en')).toBe(3);
    expect(untranslatedCount(texts, 'de')).toBe(4);
    expect(untranslatedCount([], 'en')).toBe(0);
  });

  it('goes down as the owner types, before saving, and up when a field is emptied', () => {
    const typed = { [translationKeyOf(texts[1] as TranslatableText, 'en')]: 'Dish two' };
    expect(untranslatedCount(texts, 'en', typed)).toBe(2);
    const emptied = { ...typed, [translationKeyOf(texts[0] as TranslatableText, 'en')]: '' };
    expect(untranslatedCount(texts, 'en', emptied)).toBe(3);
  });

  it('shows the edit, else the saved translation, else nothing (never the original)', () => {
    const [first, second] = texts as [TranslatableText, TranslatableText];
    expect(shownTranslation(first, 'en', {})).toBe('Dish one');
    expect(shownTranslation(second, 'en', {})).toBe('');
    expect(shownTranslation(first, 'en', { [translationKeyOf(first, 'en')]: 'Edited' })).toBe('Edited');
  });
});

describe('the dish a translation row belongs to', () => {
  const row = (field: string, original: string, id = 7) =>
    ({ kind: 'item', id, sectionId: 1, field, original, translations: {} }) as TranslatableText;
  const texts = [
    row('name', 'Carbonara'),
    row('description', 'Guanciale e pecorino'),
    row('name', 'Amatriciana', 8),
  ];

  it("names the dish on its other texts, not on its name nor on another kind's", () => {
    expect(dishNameOf(texts, row('description', 'Guanciale e pecorino'))).toBe('Carbonara');
    expect(dishNameOf(texts, row('name', 'Carbonara'))).toBeNull();
    expect(
      dishNameOf(texts, { ...row('name', 'Antipasti'), kind: 'section' } as TranslatableText),
    ).toBeNull();
    expect(dishNameOf(texts, row('description', 'Senza nome', 9))).toBeNull();
  });
});

describe('saving the typed translations', () => {
  it('sends each edit as the text, field and language it was typed for, a blank one included', () => {
    const description = { kind: 'item', id: 7, field: 'description' } as const;
    const edits = {
      [translationKeyOf(description, 'en')]: 'Egg and pecorino',
      [translationKeyOf({ kind: 'section', id: 2, field: 'name' }, 'de')]: '',
    };
    expect(editedTexts(edits)).toEqual([
      { kind: 'item', id: 7, field: 'description', language: 'en', text: 'Egg and pecorino' },
      { kind: 'section', id: 2, field: 'name', language: 'de', text: '' },
    ]);
  });
});
