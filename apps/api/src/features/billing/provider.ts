import type { PaymentProviderName } from '@carta/contract/billing';
import type { PaymentErrorCode } from '@carta/contract/subscription-rules';

// The payment provider adapter (docs/architecture.md, Where side effects happen; docs/decisions/0047-payment-provider.md): one interface,
// the in-process sandbox (default) and Stripe (STRIPE_SECRET_KEY). Carta's database is driven by what
// the provider answers and by its events; nothing here touches the database of the subscriptions.

/** A saved card as the provider describes it. */
export type ProviderCard = {
  methodId: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
};

/** What a charge came to, at once or later through an event. */
export type ChargeOutcome =
  | { status: 'succeeded'; paymentId: string }
  /** The owner must confirm it (3-D Secure) with this secret in the browser. */
  | { status: 'requiresAction'; paymentId: string; clientSecret: string }
  | { status: 'failed'; paymentId: string | null; code: PaymentErrorCode }
  /** Sent, the answer comes with an event. */
  | { status: 'processing'; paymentId: string };

export type ChargeRequest = {
  customerId: string;
  methodId: string;
  amountCents: number;
  /** ISO 4217, any case. */
  currency: string;
  /** The same key for the same charge: a resend after a crash never charges twice. */
  idempotencyKey: string;
  /** The owner is at the screen (a first payment): the provider may ask for authentication. */
  isOnSession: boolean;
  description: string;
  /** Carried back on the provider's events: `chargeId` names our charge. */
  metadata: { chargeId: string; clubId: string };
};

/** A provider event, verified, in our terms. */
export type ProviderEvent =
  | { id: string; type: 'paymentSucceeded'; paymentId: string; chargeId: number | null }
  | {
      id: string;
      type: 'paymentFailed';
      paymentId: string;
      chargeId: number | null;
      code: PaymentErrorCode;
    }
  /** Anything else the provider sends: acknowledged, not acted on. */
  | { id: string; type: 'ignored'; providerType: string };

/** Money given back on a payment (docs/decisions/0063-refunds-and-credit-notes.md). */
export type RefundRequest = {
  /** The provider's payment the money came with. */
  paymentId: string;
  amountCents: number;
  /** ISO 4217, any case: the payment's own. */
  currency: string;
  /** `refund-<id>`: a resend after a crash or a timeout never gives back twice. */
  idempotencyKey: string;
  /** An admin asked for it, or the payment arrived after the subscription stopped waiting for it. */
  reason: 'admin' | 'lateSuccess';
  /** Carried back on the provider's refund events: `refundId` names our refund. */
  metadata: { refundId: string; chargeId: string };
};

/** What a refund came to; `pending` is settled later by a refund event (Stripe's bank transfers). */
export type RefundOutcome = {
  /** The provider's id of the refund; empty when it refused to make one at all. */
  refundId: string;
  status: 'succeeded' | 'pending' | 'failed';
  /** Why the provider refused it, in its words. */
  failureReason?: string;
};

/** A refund's later outcome, verified: `refundId` is ours (null when the refund carries none). */
export type RefundEvent = {
  id: string;
  type: 'refundUpdated';
  providerRefundId: string;
  refundId: number | null;
  status: RefundOutcome['status'];
  failureReason?: string;
};

export type PaymentProvider = {
  name: PaymentProviderName;
  /** Stripe's publishable key for the browser; null with the sandbox. */
  publishableKey: string | null;
  createCustomer: (customer: { clubId: number; name: string; email: string }) => Promise<string>;
  /** A setup for saving a card for later, off-session payments. */
  createSetup: (customerId: string) => Promise<{ setupId: string; clientSecret: string }>;
  /**
   * The card a setup saved, once the browser confirmed it; null when it is not (yet) confirmed or
   * belongs to another customer.
   */
  readSetup: (setupId: string, customerId: string) => Promise<ProviderCard | null>;
  detachMethod: (methodId: string) => Promise<void>;
  charge: (request: ChargeRequest) => Promise<ChargeOutcome>;
  /**
   * Gives back part or all of a payment that succeeded. A refund the provider refuses (more than what is
   * left, a payment it does not know) answers `failed` with its reason; unreachable, it throws
   * ProviderUnavailableError and the same request (same idempotency key) is sent again later.
   */
  refund: (request: RefundRequest) => Promise<RefundOutcome>;
  /**
   * A webhook's body checked against its signature header; throws when the signature does not hold.
   * The sandbox has no webhooks: its events come in process.
   */
  parseWebhook: (rawBody: Buffer, signature: string | undefined) => ProviderEvent | RefundEvent;
};

/** Thrown by a provider that could not be reached or answered an error of its own (not a card's). */
export class ProviderUnavailableError extends Error {}
