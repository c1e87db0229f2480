import type { TranslatableText } from '@carta/contract/menus';
import { describe, expect, it } from 'vitest';
import { fillEmptyFields, suggestedIn } from '../src/features/menus/translation-suggestions.ts';
import { translationKeyOf } from '../src/features/menus/translation-targets.ts';

const text = (id: number, translations: TranslatableText['translations']): TranslatableText => ({
  kind: 'item',
  id,
  sectionId: 1,
  field: 'description',
  original: `Descrizione ${id}`,
  translations,
});

const suggestion = (id: number, value = `Suggested ${id}`) =>
  ({ kind: 'item', id, field: 'description', text: value }) as const;

describe('suggested translations in the editor', () => {
  const texts = [
    text(1, { en: 'Saved by the owner' }),
    text(2, { en: null }),
    text(3, { en: null }),
    text(4, { en: '  ' }),
    text(5, {}),
  ];
  const key = (id: number, language: 'en' | 'de' = 'en') => translationKeyOf(suggestion(id), language);

  it('fills only the empty fields: never a saved translation nor what the owner typed', () => {
    const typed = { [key(3)]: 'Typed, not saved' };
    const result = fillEmptyFields(
      texts,
      'en',
      typed,
      [1, 2, 3, 4, 5].map((id) => suggestion(id)),
    );
    expect(result.edits).toEqual({
      [key(2)]: 'Suggested 2',
      [key(3)]: 'Typed, not saved',
      [key(4)]: 'Suggested 4',
      [key(5)]: 'Suggested 5',
    });
    expect(result.filled).toEqual([key(2), key(4), key(5)]);
  });

  it('fills a field the owner emptied, since empty is what it shows', () => {
    const result = fillEmptyFields(texts, 'en', { [key(3)]: '   ' }, [suggestion(3)]);
    expect(result.edits[key(3)]).toBe('Suggested 3');
  });

  it('drops blank suggestions and suggestions for texts the menu no longer lists', () => {
    const result = fillEmptyFields(texts, 'en', {}, [suggestion(2, '  '), suggestion(99)]);
    expect(result).toEqual({ edits: {}, filled: [] });
  });

  it('keeps edits of other languages and fills under the language asked', () => {
    const other = { [key(2, 'de')]: 'Beschreibung' };
    const result = fillEmptyFields(texts, 'de', other, [suggestion(1), suggestion(2)]);
    // Text 1 has an English translation, none in German: it is empty there.
    expect(result.edits).toEqual({ [key(2, 'de')]: 'Beschreibung', [key(1, 'de')]: 'Suggested 1' });
    expect(result.filled).toEqual([key(1, 'de')]);
  });

  it('counts the suggestions still to review in the language shown', () => {
    const suggested = new Set([key(2), key(4), key(1, 'de')]);
    expect(suggestedIn(suggested, 'en')).toBe(2);
    expect(suggestedIn(suggested, 'de')).toBe(1);
    expect(suggestedIn(new Set(), 'en')).toBe(0);
  });
});
