import { describe, expect, it } from 'vitest';
import { characterCount, nearLimitOf } from '../src/components/character-count.ts';
import { translatorsBeforeAll } from './translators.ts';

const translators = translatorsBeforeAll();

describe("a field's character counter", () => {
  it('shows "12/80" and turns to the error colour only at the limit', () => {
    expect(characterCount(12, 80)).toMatchObject({ text: '12/80', remaining: 68, isAtLimit: false });
    expect(characterCount(79, 80).isAtLimit).toBe(false);
    expect(characterCount(80, 80)).toMatchObject({ text: '80/80', remaining: 0, isAtLimit: true });
    // A value longer than the limit (saved before a limit shrank) is still at it, never below 0 left.
    expect(characterCount(85, 80)).toMatchObject({ remaining: 0, isAtLimit: true });
  });

  it('speaks up only in the last characters before the limit', () => {
    expect(nearLimitOf(80)).toBe(8);
    expect(nearLimitOf(20)).toBe(5);
    expect(nearLimitOf(1000)).toBe(20);
    expect(characterCount(0, 80).isNearLimit).toBe(false);
    expect(characterCount(71, 80).isNearLimit).toBe(false);
    expect(characterCount(72, 80).isNearLimit).toBe(true);
    expect(characterCount(80, 80).isNearLimit).toBe(true);
  });

  it('has the words a screen reader says, in Italian and English', () => {
    const { it: italian, en: english } = translators;
    expect(italian('common.characters', { count: 12, max: 80 })).toBe('12 di 80 caratteri');
    expect(italian('common.charactersLeft', { count: 1 })).toBe('Ancora 1 carattere');
    expect(italian('common.charactersLeft', { count: 5 })).toBe('Ancora 5 caratteri');
    expect(italian('common.charactersFull', { max: 80 })).toBe('Limite raggiunto: 80 caratteri');
    expect(english('common.charactersLeft', { count: 5 })).toBe('5 characters left');
    expect(english('common.charactersFull', { max: 80 })).toBe('Limit reached: 80 characters');
  });
});
