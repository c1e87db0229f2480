import { refundRequestWithin } from '@carta/contract/refunds';

// The refund dialog's amount (docs/decisions/0063-refunds-and-credit-notes.md): typed in the club's
// currency the Italian or the English way, checked as cents by the contract's own schema.

/**
 * "23,18", "23.18", "23" or "0,5" → cents; NaN when it is not an amount with at most two decimals (the
 * schema then says so). Thousands separators are not taken: "1.234,56" would be ambiguous.
 */
export const parseAmountCents = (text: string): number => {
  const match = /^(\d{1,7})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (!match) return Number.NaN;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
};

/** Cents as the amount an admin types, with the interface language's decimal separator. */
export const amountText = (cents: number, language: string) => {
  const text = (cents / 100).toFixed(2);
  return language.startsWith('it') ? text.replace('.', ',') : text;
};

/**
 * The dialog's values as the API takes them, or the message key of what is wrong with the amount: the
 * contract's schema with what is left to refund (`leftText` formats it for the message).
 */
export const checkRefund = (
  values: { amount: string; note: string },
  leftCents: number,
  leftText: string,
): { ok: true; request: { amountCents: number; note: string | null } } | { ok: false; key: string } => {
  const parsed = refundRequestWithin(leftCents, leftText).safeParse({
    amountCents: parseAmountCents(values.amount),
    note: values.note,
  });
  if (parsed.success) return { ok: true, request: parsed.data };
  return { ok: false, key: parsed.error.issues[0]?.message ?? 'validation.invalid' };
};
