import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import {
  paymentErrorCode,
  providerEventOf,
  refundOutcome,
} from '../src/features/billing/stripe-translation.ts';

/** A webhook event as Stripe sends it, with only what the translation reads. */
const eventOf = (type: string, object: object) =>
  ({ id: 'evt_1', type, data: { object } }) as unknown as Stripe.Event;

const refund = (fields: Record<string, unknown>) =>
  ({ id: 're_1', metadata: { refundId: '7' }, failure_reason: null, ...fields }) as unknown as Stripe.Refund;

describe('Stripe in billing terms', () => {
  it("says why a card was declined: no funds, the bank's authentication, or declined", () => {
    expect(paymentErrorCode({ code: 'card_declined', decline_code: 'insufficient_funds' })).toBe(
      'insufficientFunds',
    );
    expect(paymentErrorCode({ code: 'insufficient_funds' })).toBe('insufficientFunds');
    expect(paymentErrorCode({ code: 'authentication_required' })).toBe('authenticationRequired');
    expect(paymentErrorCode({ code: 'expired_card' })).toBe('declined');
  });

  it('reads a refund as succeeded, failed with its reason, or still pending', () => {
    expect(refundOutcome(refund({ status: 'succeeded' }))).toEqual({ refundId: 're_1', status: 'succeeded' });
    expect(refundOutcome(refund({ status: 'failed', failure_reason: 'lost_or_stolen_card' }))).toEqual({
      refundId: 're_1',
      status: 'failed',
      failureReason: 'lost_or_stolen_card',
    });
    expect(refundOutcome(refund({ status: 'canceled' }))).toMatchObject({ failureReason: 'canceled' });
    expect(refundOutcome(refund({ status: 'requires_action' }))).toEqual({
      refundId: 're_1',
      status: 'pending',
    });
  });

  it('names the charge of a payment event from its metadata, null without one', () => {
    expect(
      providerEventOf(eventOf('payment_intent.succeeded', { id: 'pi_1', metadata: { chargeId: '42' } })),
    ).toEqual({ id: 'evt_1', type: 'paymentSucceeded', paymentId: 'pi_1', chargeId: 42 });
    expect(
      providerEventOf(
        eventOf('payment_intent.payment_failed', {
          id: 'pi_2',
          metadata: { chargeId: 'x' },
          last_payment_error: { code: 'authentication_required' },
        }),
      ),
    ).toEqual({
      id: 'evt_1',
      type: 'paymentFailed',
      paymentId: 'pi_2',
      chargeId: null,
      code: 'authenticationRequired',
    });
  });

  it("tells a refund's news with our refund's id, and ignores what billing does not act on", () => {
    expect(
      providerEventOf(eventOf('refund.failed', refund({ status: 'failed', failure_reason: 'unknown' }))),
    ).toEqual({
      id: 'evt_1',
      type: 'refundUpdated',
      providerRefundId: 're_1',
      refundId: 7,
      status: 'failed',
      failureReason: 'unknown',
    });
    expect(providerEventOf(eventOf('charge.refunded', {}))).toEqual({
      id: 'evt_1',
      type: 'ignored',
      providerType: 'charge.refunded',
    });
  });
});
