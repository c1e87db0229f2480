import { describe, expect, it } from 'vitest';
import { PasswordRecoveryRequestSchema } from '../src/accounts.ts';
import { canonicalPhone, formatPhone, phone, phoneLookupKey, phoneOfAccount } from '../src/phone-numbers.ts';

describe('canonicalPhone', () => {
  it.each([
    // The issue's two forms of one owner.
    ['+39 333 765 4321', '+393337654321'],
    ['3337654321', '+393337654321'],
    // Spaces, separators, the 00 prefix, and the digits-only form of old (country code without +).
    ['  333 765 4321 ', '+393337654321'],
    ['333-765-4321', '+393337654321'],
    ['(333) 765.4321', '+393337654321'],
    ['0039 333 765 4321', '+393337654321'],
    ['00393337654321', '+393337654321'],
    ['393337654321', '+393337654321'],
    ['+393337654321', '+393337654321'],
    // An Italian landline keeps its leading 0.
    ['02 1234567', '+39021234567'],
    // Foreign numbers, with their + or 00, or as the old digits with their country code.
    ['+44 7911 123456', '+447911123456'],
    ['0044 7911 123456', '+447911123456'],
    ['447911123456', '+447911123456'],
    ['+1 202 555 0143', '+12025550143'],
  ])('reads %j as %s', (input, expected) => {
    expect(canonicalPhone(input)).toBe(expected);
  });

  it.each([
    '',
    '   ',
    '12345',
    '390000000001',
    '+39 12',
    '+44 12345',
    '333 765 4321 ext 5',
    'three three three',
    '+39 333 765 4321 +39',
  ])('refuses %j', (input) => {
    expect(canonicalPhone(input)).toBeNull();
  });

  it('is idempotent: the canonical form reads as itself', () => {
    for (const input of ['3337654321', '447911123456', '02 1234567']) {
      const canonical = canonicalPhone(input);
      expect(canonical && canonicalPhone(canonical)).toBe(canonical);
    }
  });

  it('reads a number without a country code in the country asked for', () => {
    expect(canonicalPhone('07911 123456', 'GB')).toBe('+447911123456');
  });
});

describe('phoneLookupKey', () => {
  it('is the canonical form of a valid number', () => {
    expect(phoneLookupKey('3337654321')).toBe('+393337654321');
    expect(phoneLookupKey('+39 333 765 4321')).toBe('+393337654321');
  });

  it('keeps an old account whose digits are not a valid number reachable: + and its digits', () => {
    expect(phoneLookupKey('390000000001')).toBe('+390000000001');
    expect(phoneLookupKey('+39 000 000 0001')).toBe('+390000000001');
    expect(phoneLookupKey('0039 0000000001')).toBe('+390000000001');
    // Typed after the login field's "+39", as the field presents it (the demo's number).
    expect(phoneLookupKey('2000000001')).toBe('+392000000001');
    expect(phoneLookupKey('200 000 0001')).toBe('+392000000001');
    expect(phoneLookupKey('+39 200 000 0001')).toBe('+392000000001');
  });

  it('refuses what no account can have', () => {
    expect(phoneLookupKey('12345')).toBeNull();
    expect(phoneLookupKey('1234567890123456')).toBeNull();
    expect(phoneLookupKey('phone')).toBeNull();
  });
});

describe('the phone fields', () => {
  it('answers a new account phone in canonical form, or the invalid-number message', () => {
    expect(phone.parse(' 333 765 4321 ')).toBe('+393337654321');
    expect(phone.safeParse('390000000001').error?.issues[0]?.message).toBe('validation.phoneInvalid');
    expect(phone.safeParse('').error?.issues[0]?.message).toBe('validation.required');
  });

  it("answers an existing account's phone as its lookup key", () => {
    expect(phoneOfAccount.parse('390000000001')).toBe('+390000000001');
    expect(PasswordRecoveryRequestSchema.parse({ phone: '3337654321' })).toEqual({ phone: '+393337654321' });
    expect(phoneOfAccount.safeParse('12').error?.issues[0]?.message).toBe('validation.phoneInvalid');
  });
});

describe('formatPhone', () => {
  it('shows a stored phone the way people write it', () => {
    expect(formatPhone('+393337654321')).toBe('+39 333 765 4321');
    expect(formatPhone('+447911123456')).toBe('+44 7911 123456');
    // An old digits-only form still gets its +.
    expect(formatPhone('393337654321')).toBe('+39 333 765 4321');
  });
});
