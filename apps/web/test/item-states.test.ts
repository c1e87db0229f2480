import { describe, expect, it } from 'vitest';
import { ITEM_STATE_LOOK, shownItemStates } from '../src/features/menus/item-states.ts';
import { ATTENTION_TONE, QUIET_TONE } from '../src/features/menus/tones.ts';
import { translatorsBeforeAll } from './translators.ts';

const translators = translatorsBeforeAll();

const item = (states: Partial<Record<'disabled' | 'outOfStock' | 'bestSeller' | 'suggested', boolean>>) => ({
  disabled: false,
  outOfStock: false,
  bestSeller: false,
  suggested: false,
  ...states,
});

/** WCAG's contrast ratio of two #rrggbb colours. */
const contrast = (first: string, second: string) => {
  const luminance = (hex: string) => {
    const [red, green, blue] = [1, 3, 5].map((at) => {
      const channel = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
      return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
  };
  const [light, dark] = [luminance(first), luminance(second)].sort((a, b) => b - a) as [number, number];
  return (light + 0.05) / (dark + 0.05);
};

describe("a dish's row in the list", () => {
  it('shows no state for a dish as it was created', () => {
    expect(shownItemStates(item({}))).toEqual([]);
  });

  it('shows only the states that are on, hidden and sold out first', () => {
    expect(shownItemStates(item({ outOfStock: true }))).toEqual(['outOfStock']);
    expect(shownItemStates(item({ suggested: true, disabled: true, outOfStock: true }))).toEqual([
      'disabled',
      'outOfStock',
      'suggested',
    ]);
  });

  it('draws the states in colours that read at 4.5:1 or more', () => {
    expect(contrast(ATTENTION_TONE.color, ATTENTION_TONE.background)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(QUIET_TONE.color, QUIET_TONE.background)).toBeGreaterThanOrEqual(4.5);
    // The "to translate" tag sits on white paper too.
    expect(contrast(ATTENTION_TONE.color, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(ITEM_STATE_LOOK.outOfStock.color).toBe(ATTENTION_TONE.color);
  });

  it('names every state in Italian and English', () => {
    for (const language of ['it', 'en'] as const)
      for (const state of ['disabled', 'outOfStock', 'bestSeller', 'suggested'])
        expect(translators[language](`items.markers.${state}`)).not.toMatch(/^items\./);
  });
});

describe('counts of what a category holds', () => {
  // A wine list's bottles are not "dishes": the counts say items.
  it('say "voci" in Italian and "items" in English, never dishes', () => {
    const { it: italian, en: english } = translators;
    expect(italian('sections.itemCount', { count: 1 })).toBe('1 voce');
    expect(italian('sections.itemCount', { count: 12 })).toBe('12 voci');
    expect(english('sections.itemCount', { count: 12 })).toBe('12 items');
    const counts = [
      ...[1, 3].flatMap((count) => [
        italian('sections.deleteText', { count }),
        italian('items.markedOut', { count }),
        italian('items.markedBack', { count }),
        italian('menuImport.items', { count }),
        italian('board.counts.items', { count }),
        english('sections.deleteText', { count }),
        english('items.markedOut', { count }),
        english('menuImport.items', { count }),
        english('board.counts.items', { count }),
      ]),
      italian('items.bulkLabel'),
      italian('items.results'),
    ];
    for (const text of counts) expect(text).not.toMatch(/piatt|dish/i);
  });
});
