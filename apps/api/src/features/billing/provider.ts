import type { PaymentProviderName } from '@carta/contract/billing';
import type { PaymentErrorCode } from '@carta/contract/subscription-rules';

// The payment provider adapter (DESIGN.md §1, docs/decisions/0047-payment-provider.md): one interface,
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
   * A webhook's body checked against its signature header; throws when the signature does not hold.
   * The sandbox has no webhooks: its events come in process.
   */
  parseWebhook: (rawBody: Buffer, signature: string | undefined) => ProviderEvent;
};

/** Thrown by a provider that could not be reached or answered an error of its own (not a card's). */
export class ProviderUnavailableError extends Error {}
