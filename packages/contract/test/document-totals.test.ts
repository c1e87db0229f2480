import { describe, expect, it } from 'vitest';
import { InvoiceSchema } from '../src/billing.ts';
import { PaymentPlanSchema } from '../src/payments.ts';
import { CreditNoteSchema } from '../src/refunds.ts';

const TOTALS = ['currency', 'netCents', 'vatBasisPoints', 'vatCents', 'grossCents', 'reverseCharge'];

describe('an invoice, a credit note and a priced plan state their money alike', () => {
  it('in the same fields and order, the fields around them where they were (the API document keeps its order)', () => {
    expect(Object.keys(InvoiceSchema.shape)).toEqual([
      'id',
      'number',
      'issuedOn',
      'periodStart',
      'periodEnd',
      'months',
      ...TOTALS,
    ]);
    expect(Object.keys(CreditNoteSchema.shape)).toEqual([
      'id',
      'number',
      'issuedOn',
      'invoiceId',
      'invoiceNumber',
      ...TOTALS,
    ]);
    expect(Object.keys(PaymentPlanSchema.shape)).toEqual([
      'id',
      'isoCountryCode',
      'months',
      'price',
      'vat',
      ...TOTALS,
      'saving',
    ]);
  });

  it('refuse a document whose VAT rate is not a whole number of basis points', () => {
    const invoice = {
      id: 1,
      number: '2026-000001',
      issuedOn: '2026-03-31',
      periodStart: '2026-03-31',
      periodEnd: '2026-04-30',
      months: 1,
      currency: 'EUR',
      netCents: 1000,
      vatBasisPoints: 2200,
      vatCents: 220,
      grossCents: 1220,
      reverseCharge: false,
    };
    expect(InvoiceSchema.safeParse(invoice).success).toBe(true);
    expect(InvoiceSchema.safeParse({ ...invoice, vatBasisPoints: 22.5 }).success).toBe(false);
  });
});
