import { formatCents } from '@carta/contract/payments';
import { subscriptionView } from '@carta/contract/subscription-rules';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { subscriptionOfClub } from '../../db/club-columns.ts';
import { accounts, clubs, paymentMethods, paymentPlans, subscriptions } from '../../db/schema.ts';
import { formatLongDate } from '../../lib/long-date.ts';
import { billingEmail, billingEmailPath } from '../mail/billing-emails.ts';
import type { Billing } from './billing-context.ts';
import { isSmartNowSql } from './subscription-store.ts';

// The owner is told once, about a month ahead, that the card the next renewal will charge expires before
// it (docs/decisions/0064-one-owner-of-subscription-rules.md): a renewal that fails on an expired card
// starts a countdown nobody wanted.

/** How long before the renewal the reminder goes. */
export const CARD_REMINDER_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
const BATCH = 50;

/** The first instant a card is no longer valid: the start of the month after its expiry month (UTC). */
export const cardInvalidFrom = (expMonth: number, expYear: number) =>
  new Date(Date.UTC(expYear, expMonth, 1));

/** Emails the owners whose primary card expires before a renewal due within CARD_REMINDER_DAYS. */
export const remindExpiringCards = async (billing: Billing, now: Date): Promise<number> => {
  const rows = await billing.db
    .select({
      methodId: paymentMethods.id,
      clubId: clubs.id,
      clubName: clubs.name,
      brand: paymentMethods.brand,
      last4: paymentMethods.last4,
      expMonth: paymentMethods.expMonth,
      expYear: paymentMethods.expYear,
      state: subscriptions.state,
      currency: paymentPlans.currency,
      owner: { email: accounts.email, name: accounts.name, language: accounts.language },
    })
    .from(paymentMethods)
    .innerJoin(clubs, eq(clubs.id, paymentMethods.clubId))
    .innerJoin(accounts, eq(accounts.id, clubs.ownerId))
    .innerJoin(subscriptions, subscriptionOfClub)
    .leftJoin(paymentPlans, eq(paymentPlans.id, subscriptions.paymentPlanId))
    .where(
      and(
        eq(paymentMethods.isPrimary, true),
        isNull(paymentMethods.expiryRemindedAt),
        isSmartNowSql(),
        // Cards valid past the reminder window cannot concern a renewal inside it.
        sql`make_date(${paymentMethods.expYear}, ${paymentMethods.expMonth}, 1) + interval '1 month' <= ${new Date(now.getTime() + CARD_REMINDER_DAYS * DAY_MS)}`,
      ),
    )
    .limit(BATCH);
  let sent = 0;
  for (const row of rows) {
    const next = subscriptionView(row.state, now).nextInvoice;
    if (!next || row.state.status === 'paymentFailed') continue;
    const renewal = Date.parse(next.on);
    if (renewal - now.getTime() > CARD_REMINDER_DAYS * DAY_MS) continue;
    if (cardInvalidFrom(row.expMonth, row.expYear).getTime() > renewal) continue;
    // Claimed first: of two processes, one emails.
    const [claimed] = await billing.db
      .update(paymentMethods)
      .set({ expiryRemindedAt: now })
      .where(and(eq(paymentMethods.id, row.methodId), isNull(paymentMethods.expiryRemindedAt)))
      .returning({ id: paymentMethods.id });
    if (!claimed) continue;
    const { language } = row.owner;
    const month = `${String(row.expMonth).padStart(2, '0')}/${row.expYear}`;
    await billing.mailer.send(
      billingEmail('cardExpiring', language, row.owner.email, {
        name: row.owner.name,
        clubName: row.clubName,
        date: formatLongDate(next.on, language),
        amount: formatCents(next.cents, { language, currency: row.currency ?? 'EUR' }),
        planName: null,
        period: null,
        card: `${row.brand} •••• ${row.last4}, ${language === 'en' ? 'expires' : 'scade'} ${month}`,
        days: 0,
        link: `${billing.publicUrl}/clubs/${row.clubId}/${billingEmailPath('cardExpiring')}`,
      }),
    );
    sent += 1;
  }
  return sent;
};
