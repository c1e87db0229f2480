import { describe, expect, it } from 'vitest';
import { isCardNumber, SANDBOX_TEST_CARDS, SandboxConfirmSetupRequestSchema } from '../src/billing.ts';

describe('card numbers', () => {
  it('takes every sandbox test card, with or without spaces, and refuses a wrong check digit', () => {
    for (const card of SANDBOX_TEST_CARDS) expect(isCardNumber(card.number)).toBe(true);
    expect(isCardNumber('4242 4242 4242 4242')).toBe(true);
    expect(isCardNumber('4242-4242-4242-4242')).toBe(true);
    expect(isCardNumber('4242424242424241')).toBe(false);
    expect(isCardNumber('42424242')).toBe(false);
    expect(isCardNumber('4242 4242 4242 424a')).toBe(false);
  });

  it('sends the digits only', () => {
    const parsed = SandboxConfirmSetupRequestSchema.parse({
      clientSecret: 'seti_secret',
      cardNumber: '4242 4242 4242 4242',
      expMonth: 4,
      expYear: 2031,
      cvc: '123',
    });
    expect(parsed.cardNumber).toBe('4242424242424242');
  });
});
