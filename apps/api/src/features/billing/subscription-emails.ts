import type { Language } from '@carta/contract/limits';
import { formatCents } from '@carta/contract/payments';
import {
  billedPlan,
  type EmailKind,
  PAYMENT_FAILURE_GRACE_DAYS,
  type SubscriptionState,
  subscriptionView,
} from '@carta/contract/subscription-rules';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { paymentPlans } from '../../db/schema.ts';
import { formatLongDate } from '../../lib/long-date.ts';
import { billingEmail, billingEmailPath } from '../mail/billing-emails.ts';
import type { Billing } from './billing-context.ts';
import type { LockedSubscription } from './subscription-store.ts';

// The emails a subscription change asked for (docs/decisions/0064-one-owner-of-subscription-rules.md),
// sent after its commit with the dates and amounts of the state it left.

/** What the rules' state says of dates and money, for the emails, in the billed plan's currency. */
const emailDetails = (state: SubscriptionState, language: Language, currency: string, now: Date) => {
  const plan = billedPlan(state);
  const { periodEnd } = subscriptionView(state, now);
  return {
    date: periodEnd ? formatLongDate(periodEnd, language) : null,
    amount: plan ? formatCents(plan.amountCents, { language, currency }) : null,
    planName: plan ? planName(plan.months, language) : null,
    period:
      state.status === 'paid'
        ? language === 'en'
          ? `from ${formatLongDate(state.periodStart, language)} to ${formatLongDate(state.periodEnd, language)}`
          : `dal ${formatLongDate(state.periodStart, language)} al ${formatLongDate(state.periodEnd, language)}`
        : null,
  };
};

const planName = (months: number, language: Language) =>
  months === 12
    ? language === 'en'
      ? 'annual'
      : 'annuale'
    : months === 1
      ? language === 'en'
        ? 'monthly'
        : 'mensile'
      : language === 'en'
        ? `${months}-month`
        : `di ${months} mesi`;

/** The billed plan's currency (a plan is priced in its country's); EUR when none is billed. */
const currencyOf = async (db: Database, state: SubscriptionState) => {
  const plan = billedPlan(state);
  if (!plan) return 'EUR';
  const [row] = await db
    .select({ currency: paymentPlans.currency })
    .from(paymentPlans)
    .where(eq(paymentPlans.id, plan.id));
  return row?.currency ?? 'EUR';
};

export const sendEmails = async (
  billing: Billing,
  locked: LockedSubscription,
  kinds: EmailKind[],
  now: Date,
) => {
  if (kinds.length === 0) return;
  const { language } = locked.owner;
  const currency = await currencyOf(billing.db, locked.state);
  for (const kind of kinds) {
    try {
      await billing.mailer.send(
        billingEmail(kind, language, locked.owner.email, {
          name: locked.owner.name,
          clubName: locked.clubName,
          ...emailDetails(locked.state, language, currency, now),
          card: null,
          days: PAYMENT_FAILURE_GRACE_DAYS,
          link: `${billing.publicUrl}/clubs/${locked.clubId}/${billingEmailPath(kind)}`,
        }),
      );
    } catch (error) {
      // The state is stored; a mail server hiccup must not undo it (the mailer keeps what it cannot send).
      billing.log.warn({ err: error, kind, clubId: locked.clubId, at: now }, 'billing email not sent');
    }
  }
};
