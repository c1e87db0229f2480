import { describe, expect, it } from 'vitest';
import { id, isId, isPlainText, optionalText, price, requiredText } from '../src/fields.ts';
import { ID_MAX, PRICE_MAX } from '../src/limits.ts';
import { sharedMessages } from '../src/messages.ts';

describe('id', () => {
  it('takes 1 to the 32-bit column maximum, from a path or a body', () => {
    expect(id.parse('1')).toBe(1);
    expect(id.parse(ID_MAX)).toBe(2_147_483_647);
    for (const value of [ID_MAX + 1, 123_456_789_012, 0, -1, 1.5, '2147483648', 'abc', null])
      expect(isId(value)).toBe(false);
  });
});

describe('text', () => {
  it('refuses control characters and lone surrogates, keeps line breaks where text is multi-line', () => {
    expect(isPlainText('Caffè ☕ 😀 «crema»')).toBe(true);
    for (const value of ['a\u0000b', 'a\u001bb', 'a\u0085b', 'a\ud800', '\udfffa', 'a\nb', 'a\tb'])
      expect(isPlainText(value)).toBe(false);
    expect(isPlainText('riga\n\tdue', { isMultiline: true })).toBe(true);
    expect(isPlainText('riga\r\ndue', { isMultiline: true })).toBe(false);
    expect(isPlainText('riga\u0000', { isMultiline: true })).toBe(false);
  });

  it('answers the characters message from both text builders, trimming first', () => {
    const issue = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
      result.error?.issues.map((each) => each.message);
    expect(issue(requiredText(10).safeParse('a\u0000'))).toEqual(['validation.characters']);
    expect(issue(optionalText(10).safeParse('a\ud800'))).toEqual(['validation.characters']);
    expect(requiredText(10).parse('  Nome\n')).toBe('Nome');
    expect(optionalText(50, { isMultiline: true }).parse('uno\ndue')).toBe('uno\ndue');
  });
});

describe('price', () => {
  it('is bounded by PRICE_MAX, which both catalogues name in their own way', () => {
    expect(price.parse(PRICE_MAX)).toBe(PRICE_MAX);
    expect(price.safeParse(PRICE_MAX + 0.01).error?.issues[0]?.message).toBe('validation.priceTooHigh');
    const written = (locale: string) =>
      new Intl.NumberFormat(locale, { minimumFractionDigits: 2, useGrouping: 'always' }).format(PRICE_MAX);
    expect(sharedMessages.it.validation.priceTooHigh).toContain(written('it'));
    expect(sharedMessages.en.validation.priceTooHigh).toContain(written('en'));
  });
});
