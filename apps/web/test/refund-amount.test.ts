import { describe, expect, it } from 'vitest';
import {
  amountText,
  checkRefund,
  parseAmountCents,
} from '../src/features/admin/club-payments/refund-amount.ts';

// The admin's refund dialog (docs/decisions/0063-refunds-and-credit-notes.md): an amount typed either way,
// checked against what is left with the contract's schema before anything is sent.

describe('refund amount', () => {
  it('reads amounts typed the Italian or the English way', () => {
    expect(parseAmountCents('23,18')).toBe(2318);
    expect(parseAmountCents(' 23.18 ')).toBe(2318);
    expect(parseAmountCents('23')).toBe(2300);
    expect(parseAmountCents('0,5')).toBe(50);
    expect(parseAmountCents('0,05')).toBe(5);
  });

  it('refuses what is not an amount with at most two decimals', () => {
    for (const text of ['', '23,185', '-5', '1.234,56', '12a', ',50', '23,'])
      expect(parseAmountCents(text)).toBeNaN();
  });

  it('writes cents back with the language’s separator', () => {
    expect(amountText(2318, 'it')).toBe('23,18');
    expect(amountText(2318, 'en')).toBe('23.18');
    expect(amountText(5, 'it')).toBe('0,05');
  });

  it('accepts up to what is left, with a note or none', () => {
    expect(checkRefund({ amount: '23,18', note: '  ' }, 2318, '23,18 €')).toEqual({
      ok: true,
      request: { amountCents: 2318, note: null },
    });
    expect(checkRefund({ amount: '10', note: 'Chiuso per lavori' }, 2318, '23,18 €')).toEqual({
      ok: true,
      request: { amountCents: 1000, note: 'Chiuso per lavori' },
    });
  });

  it('says why an amount is refused: more than what is left, zero, not an amount', () => {
    expect(checkRefund({ amount: '23,19', note: '' }, 2318, '23,18 €')).toEqual({
      ok: false,
      key: 'validation.refundAtMost?max=23%2C18+%E2%82%AC',
    });
    expect(checkRefund({ amount: '0', note: '' }, 2318, '23,18 €')).toEqual({
      ok: false,
      key: 'validation.refundAmount',
    });
    expect(checkRefund({ amount: 'tutto', note: '' }, 2318, '23,18 €')).toEqual({
      ok: false,
      key: 'validation.refundAmount',
    });
  });
});
