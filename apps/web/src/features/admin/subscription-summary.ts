import type { SubscriptionSummary } from '@carta/contract/payments';

// A venue's plan in the admin's list, in words: the server's status and period, rendered, never judged
// here (docs/decisions/0065-payment-screen-renders-the-server.md).

export type ChipColor = 'default' | 'primary' | 'secondary' | 'info' | 'success' | 'warning' | 'error';

const COLORS: Record<SubscriptionSummary['status'], ChipColor> = {
  freemium: 'default',
  paymentPending: 'info',
  paid: 'primary',
  renewalCancelled: 'warning',
  paymentFailed: 'error',
  partner: 'secondary',
  earlyAdopter: 'success',
};

/** The chip's text (a key with what it needs) and colour; `formatDate` writes a `YYYY-MM-DD` day. */
export const subscriptionChip = (
  summary: SubscriptionSummary,
  formatDate: (day: string) => string,
): { key: string; options: Record<string, string | number>; color: ChipColor } => {
  const months = summary.planMonths;
  const period =
    months === 1 ? 'monthly' : months === 12 ? 'annual' : months === null ? null : ('months' as const);
  const date = summary.periodEnd ? formatDate(summary.periodEnd) : '';
  const color = COLORS[summary.status];
  // A period without an end or a plan without its length reads without them rather than half-empty.
  if (summary.status === 'paid' && period && date)
    return {
      key: 'admin.club.subscription.paid',
      options: { period: `admin.club.subscription.period.${period}`, count: months ?? 0, date },
      color,
    };
  if (summary.status === 'paid') return { key: 'admin.club.subscription.smart', options: {}, color };
  if ((summary.status === 'renewalCancelled' || summary.status === 'partner') && !date)
    return { key: `admin.club.subscription.${summary.status}NoDate`, options: {}, color };
  return { key: `admin.club.subscription.${summary.status}`, options: { date }, color };
};
