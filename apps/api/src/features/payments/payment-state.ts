import type { Brand } from '@carta/contract/clubs';
import { type CurrentPaymentState, daysBeforeDeactivation, type PaymentPlan } from '@carta/contract/payments';
import { clubPlan } from '../clubs/plan.ts';

/** What the club's payment state is made of, as the store reads it. */
export type PaymentStateInputs = {
  clubId: number;
  freeForever: boolean;
  brand: Brand | null;
  partnerBrand: Brand | null;
  subscription: {
    kind: 'paid' | 'partner';
    currentPeriodEnd: Date;
    isRenewalCancelled: boolean;
    isPaymentPending: boolean;
    paymentErrorCode: string | null;
    paymentFailedAt: Date | null;
  } | null;
  /** The subscribed plan priced for the club. */
  plan: PaymentPlan | null;
};

const day = (date: Date) => date.toISOString().slice(0, 10);

/**
 * GET /clubs/{clubId}/payments/plans/current, decided at `now`: the kind is `clubPlan`'s; a paid plan that
 * is Smart and renews has a renewal date and an invoice due; the countdown runs from a failed payment.
 */
export const paymentState = (inputs: PaymentStateInputs, now: Date): CurrentPaymentState => {
  const { subscription, plan } = inputs;
  const { kind, isSmart } = clubPlan({ freeForever: inputs.freeForever, subscription }, now);
  const isRunning = subscription !== null && subscription.currentPeriodEnd.getTime() > now.getTime();
  const renewalCancelled = subscription?.isRenewalCancelled ?? false;
  // An early adopter is never billed, whatever subscription is left over; a partner's brand pays.
  const renews = kind === 'paid' && !renewalCancelled && plan !== null;
  return {
    id: inputs.clubId,
    brand: inputs.brand,
    freeForever: inputs.freeForever,
    paymentPending: subscription?.isPaymentPending ?? false,
    paymentErrorCode: subscription?.paymentErrorCode ?? null,
    paymentPlan: subscription?.kind === 'paid' ? plan : null,
    subscriptionEnabled: isRunning,
    subscriptionExpiration: subscription ? day(subscription.currentPeriodEnd) : null,
    kind,
    isSmart,
    partnerBrand: subscription?.kind === 'partner' ? inputs.partnerBrand : null,
    renewalDate: renews && subscription ? day(subscription.currentPeriodEnd) : null,
    renewalCancelled,
    nextInvoiceCents: renews ? plan.grossCents : null,
    currency: subscription?.kind === 'paid' && plan ? plan.currency : null,
    daysBeforeDeactivation:
      subscription?.kind === 'paid' && !inputs.freeForever
        ? daysBeforeDeactivation(subscription.paymentFailedAt, now)
        : null,
  };
};
