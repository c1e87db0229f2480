import { z } from 'zod';
import { ClubParamsSchema } from './clubs.ts';
import { documentTotalsFields, id } from './fields.ts';
import { CurrentPaymentStateSchema } from './payments.ts';

// Subscriptions, payment methods, invoices and the payment provider (issue 15; docs/product.md, Plans and
// billing; docs/decisions/0047-payment-provider.md, 0049-subscriptions-stored-and-run.md). Money is integer
// cents.

/** Who takes the payments: the in-process sandbox (default) or Stripe (STRIPE_SECRET_KEY set). */
export const PAYMENT_PROVIDERS = ['sandbox', 'stripe'] as const;
export const PaymentProviderSchema = z.enum(PAYMENT_PROVIDERS);
export type PaymentProviderName = z.infer<typeof PaymentProviderSchema>;

/**
 * GET /clubs/{clubId}/payments/setup: a secret the browser uses once to save a card for later payments
 * (a Stripe SetupIntent's client secret, or the sandbox's own), and the `setupId` to send back.
 */
export const PaymentSetupSchema = z.object({
  provider: PaymentProviderSchema,
  clientSecret: z.string(),
  setupId: z.string(),
  /** Stripe's publishable key (pk_...) for Stripe.js; null with the sandbox. */
  publishableKey: z.string().nullable(),
});
export type PaymentSetup = z.infer<typeof PaymentSetupSchema>;

/** A saved card; exactly one of a club's cards is primary, and renewals charge it. */
export const PaymentMethodSchema = z.object({
  id: z.number(),
  /** visa, mastercard, amex... as the provider names it. */
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  isPrimary: z.boolean(),
  createdAt: z.string(),
});
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;

/** POST /clubs/{clubId}/payment-methods: the setup the browser confirmed; its card is saved. */
export const AddPaymentMethodRequestSchema = z
  .object({ setupId: z.string().trim().min(1).max(255) })
  .strict();
export type AddPaymentMethodRequest = z.infer<typeof AddPaymentMethodRequestSchema>;

export const PaymentMethodParamsSchema = ClubParamsSchema.extend({ paymentMethodId: id });

/** POST /clubs/{clubId}/subscription: subscribe, change plan, reactivate a cancelled renewal or pay again. */
export const SubscribeRequestSchema = z.object({ paymentPlanId: id }).strict();
export type SubscribeRequest = z.infer<typeof SubscribeRequestSchema>;

/**
 * A payment that waits for the owner (3-D Secure): the browser confirms it with this secret (Stripe.js'
 * `confirmCardPayment`, or the sandbox's confirmation screen).
 */
export const PaymentActionSchema = z.object({
  provider: PaymentProviderSchema,
  paymentId: z.string(),
  clientSecret: z.string(),
  publishableKey: z.string().nullable(),
});
export type PaymentAction = z.infer<typeof PaymentActionSchema>;

/** What a subscription call did: the state after it, and the payment to confirm when one waits. */
export const SubscriptionResultSchema = z.object({
  state: CurrentPaymentStateSchema,
  action: PaymentActionSchema.nullable(),
});
export type SubscriptionResult = z.infer<typeof SubscriptionResultSchema>;

export const ChangePlanPreviewQuerySchema = z.object({ paymentPlanId: z.coerce.number().int().positive() });

/**
 * GET /clubs/{clubId}/subscription/preview: what changing to a plan gives before the owner confirms:
 * the days left are carried into the new plan, and the period ends on `newExpiration` (`YYYY-MM-DD`).
 */
export const ChangePlanPreviewSchema = z.object({
  paymentPlanId: z.number(),
  currentExpiration: z.string(),
  newExpiration: z.string(),
  daysLeft: z.number().int(),
  daysGiven: z.number().int(),
});
export type ChangePlanPreview = z.infer<typeof ChangePlanPreviewSchema>;

/** An invoice for one paid period, with the seller's and the club's tax data as they were then. */
export const InvoiceSchema = z.object({
  id: z.number(),
  /** `2026-000042`: numbered per year without gaps. */
  number: z.string(),
  /** `YYYY-MM-DD`. */
  issuedOn: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  months: z.number().int(),
  ...documentTotalsFields,
});
export type Invoice = z.infer<typeof InvoiceSchema>;

export const InvoiceParamsSchema = ClubParamsSchema.extend({ invoiceId: id });

/** The sandbox's test cards (Stripe's numbers and outcomes), shown on its card form. */
export const SANDBOX_CARD_OUTCOMES = [
  'success',
  'declined',
  'insufficientFunds',
  'authenticationRequired',
  'failsAfterAttaching',
] as const;
export type SandboxCardOutcome = (typeof SANDBOX_CARD_OUTCOMES)[number];

export const SANDBOX_TEST_CARDS: readonly { number: string; outcome: SandboxCardOutcome }[] = [
  { number: '4242424242424242', outcome: 'success' },
  { number: '4000000000000002', outcome: 'declined' },
  { number: '4000000000009995', outcome: 'insufficientFunds' },
  { number: '4000002760003184', outcome: 'authenticationRequired' },
  { number: '4000000000000341', outcome: 'failsAfterAttaching' },
];

/** Digits only, 12 to 19 of them, passing the Luhn check: a card number a provider would take. */
export const isCardNumber = (value: string) => {
  const digits = value.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
};

/** POST /payments/sandbox/setups/{setupId}/confirm: the sandbox's card form, in place of Stripe.js. */
export const SandboxConfirmSetupRequestSchema = z
  .object({
    clientSecret: z.string().min(1).max(255),
    cardNumber: z
      .string()
      .max(30)
      .refine(isCardNumber, { message: 'validation.cardNumber' })
      .transform((value) => value.replace(/[\s-]/g, '')),
    expMonth: z.number().int().min(1).max(12),
    expYear: z.number().int().min(2000).max(2100),
    cvc: z.string().regex(/^\d{3,4}$/, { message: 'validation.cvc' }),
  })
  .strict();
export type SandboxConfirmSetupRequest = z.infer<typeof SandboxConfirmSetupRequestSchema>;

export const SandboxSetupParamsSchema = z.object({ setupId: z.string().min(1).max(255) });
export const SandboxPaymentParamsSchema = z.object({ paymentId: z.string().min(1).max(255) });

/** POST /payments/sandbox/payments/{paymentId}/confirm: the owner approves (or refuses) the test payment. */
export const SandboxConfirmPaymentRequestSchema = z
  .object({ clientSecret: z.string().min(1).max(255), approve: z.boolean() })
  .strict();
export type SandboxConfirmPaymentRequest = z.infer<typeof SandboxConfirmPaymentRequestSchema>;

/** POST /admin/clubs/{clubId}/sponsorship: a brand pays 6 or 12 months of Smart (docs/product.md, Plans). */
export const SPONSORSHIP_MONTHS = [6, 12] as const;
export const GrantSponsorshipRequestSchema = z
  .object({ brandId: id, months: z.union([z.literal(6), z.literal(12)]) })
  .strict();
export type GrantSponsorshipRequest = z.infer<typeof GrantSponsorshipRequestSchema>;

/** A catalogue plan as admins keep it (0044): per country and duration, net cents and the VAT rate. */
export const AdminPaymentPlanSchema = z.object({
  id: z.number(),
  isoCountryCode: z.string(),
  months: z.number().int(),
  priceCents: z.number().int(),
  vatBasisPoints: z.number().int(),
  currency: z.string(),
  enabled: z.boolean(),
  /** Clubs whose subscription bills this plan now (they keep the price they subscribed at). */
  subscribers: z.number().int(),
});
export type AdminPaymentPlan = z.infer<typeof AdminPaymentPlanSchema>;

/** The highest net price a plan may have, in cents (10,000.00). */
export const PLAN_PRICE_MAX_CENTS = 1_000_000;

const priceCents = z
  .number({ error: 'validation.number' })
  .int({ error: 'validation.integer' })
  .min(0, { error: 'validation.notNegative' })
  .max(PLAN_PRICE_MAX_CENTS, { error: 'validation.invalid' });
const vatBasisPoints = z
  .number({ error: 'validation.number' })
  .int({ error: 'validation.integer' })
  .min(0, { error: 'validation.notNegative' })
  .max(10_000, { error: 'validation.invalid' });

/** POST /admin/payment-plans: a plan for a country and duration (refused while another is enabled). */
export const CreatePaymentPlanRequestSchema = z
  .object({
    isoCountryCode: z
      .string()
      .trim()
      .regex(/^[A-Za-z]{2}$/, { error: 'validation.invalid' })
      .transform((value) => value.toUpperCase()),
    months: z.union([z.literal(1), z.literal(12)]),
    priceCents,
    vatBasisPoints,
    currency: z
      .string()
      .trim()
      .regex(/^[A-Za-z]{3}$/, { error: 'validation.invalid' })
      .transform((value) => value.toUpperCase())
      .default('EUR'),
  })
  .strict();
export type CreatePaymentPlanRequest = z.infer<typeof CreatePaymentPlanRequestSchema>;

/** PATCH /admin/payment-plans/{paymentPlanId}: a new price, VAT rate, or enabled/disabled. */
export const UpdatePaymentPlanRequestSchema = z
  .object({
    priceCents: priceCents.optional(),
    vatBasisPoints: vatBasisPoints.optional(),
    enabled: z.boolean().optional(),
  })
  .strict();
export type UpdatePaymentPlanRequest = z.infer<typeof UpdatePaymentPlanRequestSchema>;

export const PaymentPlanParamsSchema = z.object({ paymentPlanId: id });
