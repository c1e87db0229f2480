import { describe, expect, it } from 'vitest';
import { cardIssueMessage, SandboxCardFormSchema } from '../src/features/billing/sandbox-card-schema.ts';

const nextYear = String((new Date().getFullYear() + 1) % 100);
const parse = (card: Partial<Record<'cardNumber' | 'expMonth' | 'expYear' | 'cvc', string>>) =>
  SandboxCardFormSchema.safeParse(
    { cardNumber: '4242 4242 4242 4242', expMonth: '12', expYear: nextYear, cvc: '123', ...card },
    { error: cardIssueMessage },
  );
const messagesOf = (result: ReturnType<typeof parse>) =>
  result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));

describe('the sandbox card form', () => {
  it('sends what the contract asks: digits only, the expiry as numbers, a two-digit year read as 20YY', () => {
    const result = parse({});
    expect(result.success && result.data).toEqual({
      cardNumber: '4242424242424242',
      expMonth: 12,
      expYear: 2000 + Number(nextYear),
      cvc: '123',
    });
    expect(parse({ expYear: String(2000 + Number(nextYear)) }).success).toBe(true);
  });

  it("says what is wrong with the contract's message keys", () => {
    expect(messagesOf(parse({ cardNumber: '4242 4242 4242 4241' }))).toEqual({
      cardNumber: 'validation.cardNumber',
    });
    expect(messagesOf(parse({ cvc: '12' }))).toEqual({ cvc: 'validation.cvc' });
    expect(messagesOf(parse({ expMonth: '' }))).toEqual({ expMonth: 'validation.required' });
    expect(messagesOf(parse({ expMonth: '13' }))).toEqual({ expMonth: 'validation.invalid' });
    expect(messagesOf(parse({ expYear: 'ab' }))).toEqual({ expYear: 'validation.invalid' });
  });

  it('refuses a card that has expired', () => {
    const lastYear = String((new Date().getFullYear() - 1) % 100);
    expect(messagesOf(parse({ expYear: lastYear }))).toEqual({ expYear: 'validation.cardExpired' });
  });
});
