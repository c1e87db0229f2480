import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import { paymentEvents, refunds } from '../../db/schema.ts';
import type { Billing } from './billing-context.ts';
import type { RefundEvent } from './provider.ts';
import { recordRefundOutcome, sendRefund } from './refund-store.ts';

// Refunds answered later (docs/decisions/0063-refunds-and-credit-notes.md): the provider's refund events,
// and refunds asked but never answered, asked again with the same idempotency key.

/** A refund asked and never answered (a crash, an outage) is asked again after this long... */
const RESEND_AFTER_MS = 10 * 60 * 1000;
/** ...but not past Stripe's idempotency window, where a resend could give the money back twice. */
const RESEND_WITHIN_MS = 23 * 60 * 60 * 1000;

/** A refund's later outcome from the provider's webhook, acted on once per event id. */
export const handleRefundEvent = async (billing: Billing, event: RefundEvent, now: Date) => {
  const [fresh] = await billing.db
    .insert(paymentEvents)
    .values({ provider: billing.provider.name, eventId: event.id, type: event.type })
    .onConflictDoNothing()
    .returning({ eventId: paymentEvents.eventId });
  if (!fresh) return;
  const [refund] = await billing.db
    .select({ id: refunds.id, providerRefundId: refunds.providerRefundId })
    .from(refunds)
    .where(
      event.refundId !== null
        ? eq(refunds.id, event.refundId)
        : eq(refunds.providerRefundId, event.providerRefundId),
    );
  // A refund made outside Carta (the provider's dashboard), or one naming another provider refund.
  if (!refund || (refund.providerRefundId && refund.providerRefundId !== event.providerRefundId)) {
    billing.log.warn({ event }, 'refund event for no known refund');
    return;
  }
  await recordRefundOutcome(
    billing,
    refund.id,
    {
      refundId: event.providerRefundId,
      status: event.status,
      ...(event.failureReason ? { failureReason: event.failureReason } : {}),
    },
    now,
  );
};

/**
 * Refunds asked and never answered (the process stopped between the commit and the provider's answer, or
 * the provider was unreachable) are asked again with the same idempotency key, claimed first so that two
 * processes do not both send one. Past the idempotency window they are left for a human, logged.
 */
export const resendStaleRefunds = async (billing: Billing, now: Date) => {
  const claimed = await billing.db
    .update(refunds)
    .set({ updatedAt: now })
    .where(
      and(
        eq(refunds.status, 'pending'),
        isNull(refunds.providerRefundId),
        lt(refunds.updatedAt, new Date(now.getTime() - RESEND_AFTER_MS)),
        gt(refunds.createdAt, new Date(now.getTime() - RESEND_WITHIN_MS)),
      ),
    )
    .returning({ id: refunds.id });
  for (const { id } of claimed) await sendRefund(billing, id, now);
  // Past the window a resend could refund twice: the refund is closed as failed with what to do, which
  // the admin reads in the console (and may refund again once the provider's dashboard shows nothing).
  const expired = await billing.db
    .update(refunds)
    .set({
      status: 'failed',
      errorMessage:
        'No answer from the payment provider within a day: check in its dashboard whether it was made',
      updatedAt: now,
    })
    .where(
      and(
        eq(refunds.status, 'pending'),
        isNull(refunds.providerRefundId),
        lt(refunds.createdAt, new Date(now.getTime() - RESEND_WITHIN_MS)),
      ),
    )
    .returning({ id: refunds.id });
  if (expired.length > 0)
    billing.log.error(
      { refundIds: expired.map((row) => row.id) },
      'refunds never answered: check them by hand',
    );
  return claimed.length;
};
