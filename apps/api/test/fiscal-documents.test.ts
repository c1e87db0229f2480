import { describe, expect, it } from 'vitest';
import {
  creditNoteNumber,
  day,
  documentTotals,
  invoiceNumber,
} from '../src/features/billing/fiscal-documents.ts';

describe('what invoices and credit notes state', () => {
  it('numbers invoices and credit notes per year, in series of their own', () => {
    expect(invoiceNumber(2026, 42)).toBe('2026-000042');
    expect(creditNoteNumber(2026, 1)).toBe('2026-NC-000001');
    expect(invoiceNumber(2027, 1_234_567)).toBe('2027-1234567');
  });

  it('dates a document by its UTC day', () => {
    expect(day(new Date('2026-03-31T23:30:00Z'))).toBe('2026-03-31');
  });

  it('states the totals and nothing else of the row', () => {
    const row = {
      id: 9,
      currency: 'EUR',
      netCents: 1900,
      vatBasisPoints: 2200,
      vatCents: 418,
      grossCents: 2318,
      reverseCharge: false,
      seller: {},
    };
    expect(documentTotals(row)).toEqual({
      currency: 'EUR',
      netCents: 1900,
      vatBasisPoints: 2200,
      vatCents: 418,
      grossCents: 2318,
      reverseCharge: false,
    });
  });
});
