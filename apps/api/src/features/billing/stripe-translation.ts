// Stripe's objects in the provider interface's terms (0047): why a payment failed, what became of a refund,
// what a webhook event means. Pure, so what each Stripe answer becomes is read in one place.
import type { PaymentErrorCode } from '@carta/contract/subscription-rules';
import type Stripe from 'stripe';
import type { ProviderEvent, RefundEvent, RefundOutcome } from './provider.ts';

/** Why Stripe declined, in our terms (a card error or a PaymentIntent's `last_payment_error`). */
export const paymentErrorCode = (failure: { code?: string; decline_code?: string }): PaymentErrorCode => {
  if (failure.decline_code === 'insufficient_funds' || failure.code === 'insufficient_funds')
    return 'insufficientFunds';
  if (failure.code === 'authentication_required') return 'authenticationRequired';
  return 'declined';
};

/** Our row's id from the metadata we gave a PaymentIntent (`chargeId`) or a Refund (`refundId`); null without. */
const idInMetadata = (metadata: Record<string, string> | null | undefined, key: 'chargeId' | 'refundId') => {
  const id = Number(metadata?.[key]);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

/** A Stripe Refund in our terms (0063): requires_action (some bank transfers) waits like pending. */
export const refundOutcome = (refund: Stripe.Refund): RefundOutcome => {
  switch (refund.status) {
    case 'succeeded':
      return { refundId: refund.id, status: 'succeeded' };
    case 'failed':
    case 'canceled':
      return {
        refundId: refund.id,
        status: 'failed',
        failureReason: refund.failure_reason ?? refund.status,
      };
    default:
      return { refundId: refund.id, status: 'pending' };
  }
};

/** A webhook event whose signature held, in our terms; `ignored` for the types billing does not act on. */
export const providerEventOf = (event: Stripe.Event): ProviderEvent | RefundEvent => {
  switch (event.type) {
    case 'payment_intent.succeeded': {
      const intent = event.data.object;
      return {
        id: event.id,
        type: 'paymentSucceeded',
        paymentId: intent.id,
        chargeId: idInMetadata(intent.metadata, 'chargeId'),
      } satisfies ProviderEvent;
    }
    case 'payment_intent.payment_failed': {
      const intent = event.data.object;
      return {
        id: event.id,
        type: 'paymentFailed',
        paymentId: intent.id,
        chargeId: idInMetadata(intent.metadata, 'chargeId'),
        code: intent.last_payment_error ? paymentErrorCode(intent.last_payment_error) : 'declined',
      } satisfies ProviderEvent;
    }
    case 'refund.updated':
    case 'refund.failed': {
      const refund = event.data.object;
      const outcome = refundOutcome(refund);
      return {
        id: event.id,
        type: 'refundUpdated',
        providerRefundId: refund.id,
        refundId: idInMetadata(refund.metadata, 'refundId'),
        status: outcome.status,
        ...(outcome.failureReason ? { failureReason: outcome.failureReason } : {}),
      } satisfies RefundEvent;
    }
    // charge.refunded carries no list of refunds on the pinned API version: each refund's own
    // refund.updated (or refund.failed) says what became of it.
    default:
      return { id: event.id, type: 'ignored', providerType: event.type } satisfies ProviderEvent;
  }
};
