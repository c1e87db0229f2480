import { describe, expect, it } from 'vitest';
import { contrastRatio, lowContrastPairs, MIN_TEXT_CONTRAST } from '../src/themes.ts';

const readable = {
  background: '#ffffff',
  text: '#222222',
  main: '#1a4d8f',
  buttonText: '#ffffff',
  tabBackground: '#f2f2f2',
  tabText: '#333333',
};

describe('the contrast warnings of a theme', () => {
  it('warn of nothing when guests can read every pair', () => {
    expect(lowContrastPairs(readable)).toEqual([]);
  });

  it('name each pair below the WCAG AA ratio for text, with its ratio', () => {
    const pairs = lowContrastPairs({ ...readable, text: '#cccccc', buttonText: '#2a5d9f' });
    expect(pairs.map(({ foreground, background }) => [foreground, background])).toEqual([
      ['text', 'background'],
      ['buttonText', 'main'],
    ]);
    expect(pairs[0]?.ratio.toFixed(1)).toBe('1.6');
  });

  it('draw the line at 4.5, a ratio just under it warns and one at it does not', () => {
    expect(MIN_TEXT_CONTRAST).toBe(4.5);
    // #767676 on white is the lightest grey that reaches AA.
    expect(contrastRatio('#767676', '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(lowContrastPairs({ ...readable, text: '#767676' })).toEqual([]);
    expect(lowContrastPairs({ ...readable, text: '#777777' }).map((pair) => pair.foreground)).toEqual([
      'text',
    ]);
  });

  it('wait for a colour to be whole before judging it', () => {
    expect(lowContrastPairs({ ...readable, text: '#fff' })).toEqual([]);
    expect(lowContrastPairs({ ...readable, background: '' })).toEqual([]);
  });
});
