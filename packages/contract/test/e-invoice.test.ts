import { describe, expect, it } from 'vitest';
import { ClubFormSchema, UpdateClubRequestSchema } from '../src/clubs.ts';
import { deliveryOf, EInvoiceDataSchema, EInvoiceFieldsSchema, isValidFiscalCode } from '../src/e-invoice.ts';

// The club's FatturaPA fields and their rule (docs/decisions/0062), as the billing form and the server
// both check them.

const issuesOf = (data: Parameters<typeof EInvoiceDataSchema.safeParse>[0]) => {
  const result = EInvoiceDataSchema.safeParse(data);
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
};

describe('e-invoice fields', () => {
  it('takes an SDI code of exactly 7 letters or digits, upper-cased, spaces dropped', () => {
    expect(EInvoiceFieldsSchema.parse({ sdiCode: ' m5uxcr1 ' }).sdiCode).toBe('M5UXCR1');
    expect(EInvoiceFieldsSchema.parse({ sdiCode: 'M5U XCR1' }).sdiCode).toBe('M5UXCR1');
    expect(EInvoiceFieldsSchema.parse({ sdiCode: '0000000' }).sdiCode).toBe('0000000');
    for (const wrong of ['M5UXCR', 'M5UXCR12', 'M5UX-R1', 'ÀBCDEFG'])
      expect(EInvoiceFieldsSchema.safeParse({ sdiCode: wrong }).error?.issues[0]?.message).toBe(
        'validation.sdiCode',
      );
  });

  it('takes a PEC address as an email, and blanks as none', () => {
    expect(EInvoiceFieldsSchema.parse({ pec: ' bar@pec.it ' }).pec).toBe('bar@pec.it');
    expect(EInvoiceFieldsSchema.safeParse({ pec: 'not an address' }).error?.issues[0]?.message).toBe(
      'validation.emailFormat',
    );
    expect(EInvoiceFieldsSchema.parse({ sdiCode: '', pec: '', fiscalCode: '' })).toEqual({
      sdiCode: null,
      pec: null,
      fiscalCode: null,
    });
    // Left out (a PATCH that does not touch them): left out.
    expect(EInvoiceFieldsSchema.parse({})).toEqual({});
  });

  it('checks the codice fiscale: 11 digits for a company, 16 characters for a person, check character', () => {
    expect(isValidFiscalCode('00743110157')).toBe(true);
    expect(isValidFiscalCode('00743110158')).toBe(false);
    expect(isValidFiscalCode('RSSMRA85T10A562S')).toBe(true);
    expect(isValidFiscalCode('rssmra85t10a562s')).toBe(true);
    expect(isValidFiscalCode('RSSMRA85T10A562T')).toBe(false);
    // Omocodia: digits replaced by letters, check character recomputed.
    expect(isValidFiscalCode('RSSMRA85T10A56NH')).toBe(true);
    expect(isValidFiscalCode('RSSMRA85')).toBe(false);
    expect(EInvoiceFieldsSchema.parse({ fiscalCode: 'rssmra 85t10 a562s' }).fiscalCode).toBe(
      'RSSMRA85T10A562S',
    );
    expect(EInvoiceFieldsSchema.safeParse({ fiscalCode: '12345' }).error?.issues[0]?.message).toBe(
      'validation.fiscalCode',
    );
  });
});

describe('the rule across the fields (billing country)', () => {
  it('an Italian buyer with an SDI code, a PEC, or both: fine', () => {
    expect(issuesOf({ country: 'IT', sdiCode: 'M5UXCR1' })).toEqual([]);
    expect(issuesOf({ country: 'IT', pec: 'bar@pec.it' })).toEqual([]);
    expect(
      issuesOf({ country: 'IT', sdiCode: 'M5UXCR1', pec: 'bar@pec.it', fiscalCode: '00743110157' }),
    ).toEqual([]);
  });

  it('0000000 without a PEC is allowed: the cassetto fiscale; so is giving nothing at all', () => {
    expect(issuesOf({ country: 'IT', sdiCode: '0000000' })).toEqual([]);
    expect(issuesOf({ country: 'IT', sdiCode: '0000000', fiscalCode: 'RSSMRA85T10A562S' })).toEqual([]);
    expect(issuesOf({ country: 'it' })).toEqual([]);
    expect(issuesOf({ country: 'IT', sdiCode: '', pec: '', fiscalCode: '' })).toEqual([]);
  });

  it('a codice fiscale alone asks where SDI delivers: a code (0000000 if none) or a PEC', () => {
    expect(issuesOf({ country: 'IT', fiscalCode: 'RSSMRA85T10A562S' })).toEqual([
      ['sdiCode', 'validation.sdiCodeOrPec'],
    ]);
  });

  it('outside Italy the fields are not asked for', () => {
    expect(issuesOf({ country: 'DE', fiscalCode: 'RSSMRA85T10A562S' })).toEqual([]);
    expect(issuesOf({ country: 'DE' })).toEqual([]);
  });

  it('delivers to the code, else 0000000 with the PEC or alone; abroad XXXXXXX', () => {
    expect(deliveryOf({ country: 'IT', sdiCode: 'M5UXCR1', pec: 'bar@pec.it' })).toEqual({
      code: 'M5UXCR1',
      pec: null,
    });
    expect(deliveryOf({ country: 'IT', sdiCode: '0000000', pec: 'bar@pec.it' })).toEqual({
      code: '0000000',
      pec: 'bar@pec.it',
    });
    expect(deliveryOf({ country: 'IT' })).toEqual({ code: '0000000', pec: null });
    expect(deliveryOf({ country: 'FR', sdiCode: 'M5UXCR1' })).toEqual({ code: 'XXXXXXX', pec: null });
  });
});

describe('in the club requests', () => {
  it('a PATCH takes them, each optional; a club form too', () => {
    expect(UpdateClubRequestSchema.parse({ sdiCode: 'm5uxcr1' })).toEqual({ sdiCode: 'M5UXCR1' });
    expect(UpdateClubRequestSchema.parse({ pec: null })).toEqual({ pec: null });
    expect(UpdateClubRequestSchema.safeParse({ sdiCode: 'short' }).success).toBe(false);
    const club = {
      name: 'Bar',
      seats: 10,
      address: { country: 'IT', line1: 'Via Roma 1', postalCode: '20121', city: 'Milano' },
      companyName: 'Bar srl',
      vatNumber: '00743110157',
    };
    expect(ClubFormSchema.parse(club).sdiCode).toBeUndefined();
    expect(ClubFormSchema.parse({ ...club, fiscalCode: '00743110157' }).fiscalCode).toBe('00743110157');
  });
});
