import { describe, expect, it } from 'vitest';
import { matchesSearch, normalizeSearchText, searchWords } from '../src/search-text.ts';

describe('normalizeSearchText', () => {
  it('lowers the case, strips accents and collapses spaces', () => {
    expect(normalizeSearchText('  Caffè   Latte ')).toBe('caffe latte');
    expect(normalizeSearchText('CRÈME BRÛLÉE')).toBe('creme brulee');
    expect(normalizeSearchText('Jalapeño\tpiccante\n')).toBe('jalapeno piccante');
  });
});

describe('searchWords and matchesSearch', () => {
  it('find a dish by every word, in any order, with or without accents', () => {
    const dish = 'Pomodoro e basilico · Pâté di fegato';
    expect(matchesSearch(searchWords('BAS pom'), dish)).toBe(true);
    expect(matchesSearch(searchWords('pate'), dish)).toBe(true);
    expect(matchesSearch(searchWords('pâté'), 'Pate')).toBe(true);
    expect(matchesSearch(searchWords('pomodoro tonno'), dish)).toBe(false);
  });

  it('match everything with an empty search', () => {
    expect(searchWords('   ')).toEqual([]);
    expect(matchesSearch(searchWords(''), 'anything')).toBe(true);
  });
});
