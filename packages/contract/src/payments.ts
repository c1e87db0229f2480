import { z } from 'zod';
import { BrandSchema, PlanKindSchema } from './clubs.ts';
import { documentTotalsFields } from './fields.ts';
import { formatPrice, type PriceFormat } from './format-price.ts';
import { PAYMENT_SCREEN_MODES, PLAN_CHOICE_KINDS } from './subscription-rules.ts';

// Plans and the club's payment state (docs/product.md, Plans and billing; docs/decisions/0044-plan-catalogue-
// and-vat.md, 0064-one-owner-of-subscription-rules.md). Money is integer cents of the plan's currency; VAT
// rates are basis points (2200 = 22%, 2550 = 25.5%).

/** The seller's country: an Italian company, so Italian clubs always pay Italian VAT. */
export const SELLER_COUNTRY = 'IT';

/** The 27 EU member states by ISO 3166-1 alpha-2 (Greece is GR here, EL only in VAT numbers). */
export const EU_COUNTRIES = [
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
] as const;

export const isEuCountry = (iso: string) => (EU_COUNTRIES as readonly string[]).includes(iso.toUpperCase());

/** A plan lasts one month or twelve. */
export const PLAN_MONTHS = [1, 12] as const;

/** The VAT of a net amount: cents rounded half up (commercial rounding), integers only. */
export const vatOfCents = (netCents: number, vatBasisPoints: number) =>
  Math.floor((netCents * vatBasisPoints + 5_000) / 10_000);

/** How the club is taxed: its plans' VAT rate, or none with reverse charge. */
export type TaxTreatment = { reverseCharge: boolean };

/** A catalogue row as the server keeps it. */
export type CataloguePlan = {
  id: number;
  isoCountryCode: string;
  months: number;
  priceCents: number;
  vatBasisPoints: number;
  currency: string;
};

/** What a plan saves against paying monthly for as long, in gross cents and whole percent (rounded down). */
export const PlanSavingSchema = z.object({ cents: z.number().int(), percent: z.number().int() });
export type PlanSaving = z.infer<typeof PlanSavingSchema>;

/** A payment plan (id, isoCountryCode, months, price, vat) with its amounts for the club. */
export const PaymentPlanSchema = z.object({
  id: z.number(),
  isoCountryCode: z.string(),
  months: z.number().int(),
  /** Net price in currency units (the Payment plan's `price`, 0044), VAT excluded: `netCents / 100`. */
  price: z.number(),
  /** The VAT rate applied, in percent (0 with reverse charge). */
  vat: z.number(),
  ...documentTotalsFields,
  /** Against twelve monthly payments: only on the annual plan, when the country has a monthly one. */
  saving: PlanSavingSchema.nullable(),
});
export type PaymentPlan = z.infer<typeof PaymentPlanSchema>;

/** A catalogue plan priced for a club taxed as `tax`: gross = net + VAT of the net at the plan's rate. */
export const pricePlan = (plan: CataloguePlan, tax: TaxTreatment): Omit<PaymentPlan, 'saving'> => {
  const vatBasisPoints = tax.reverseCharge ? 0 : plan.vatBasisPoints;
  const vatCents = vatOfCents(plan.priceCents, vatBasisPoints);
  return {
    id: plan.id,
    isoCountryCode: plan.isoCountryCode,
    months: plan.months,
    price: plan.priceCents / 100,
    vat: vatBasisPoints / 100,
    currency: plan.currency,
    netCents: plan.priceCents,
    vatBasisPoints,
    vatCents,
    grossCents: plan.priceCents + vatCents,
    reverseCharge: tax.reverseCharge,
  };
};

/** What `plan` saves against `monthly` paid for as many months (null when it saves nothing or is monthly). */
export const planSaving = (
  plan: Pick<PaymentPlan, 'months' | 'grossCents' | 'currency'>,
  monthly: Pick<PaymentPlan, 'months' | 'grossCents' | 'currency'> | undefined,
): PlanSaving | null => {
  if (monthly?.months !== 1 || plan.months <= 1 || plan.currency !== monthly.currency) return null;
  const instead = monthly.grossCents * plan.months;
  const cents = instead - plan.grossCents;
  if (cents <= 0 || instead === 0) return null;
  return { cents, percent: Math.floor((cents * 100) / instead) };
};

/** The country's plans priced for the club, shortest first, the annual one with its saving. */
export const priceCatalogue = (plans: CataloguePlan[], tax: TaxTreatment): PaymentPlan[] => {
  const priced = plans.map((plan) => pricePlan(plan, tax)).sort((left, right) => left.months - right.months);
  const monthly = priced.find((plan) => plan.months === 1);
  return priced.map((plan) => ({ ...plan, saving: planSaving(plan, monthly) }));
};

/** The subscription rules' status (`SubscriptionState['status']`). */
export const SubscriptionStatusSchema = z.enum([
  'freemium',
  'paymentPending',
  'paid',
  'renewalCancelled',
  'paymentFailed',
  'partner',
  'earlyAdopter',
]);

/** A club's subscription in a list (the admin's venues): its status and how long it runs. */
export const SubscriptionSummarySchema = z.object({
  status: SubscriptionStatusSchema,
  isSmart: z.boolean(),
  /** `YYYY-MM-DD` the paid or offered period ends; null when none. */
  periodEnd: z.string().nullable(),
  /** The billed plan's months (1 or 12); null when none. */
  planMonths: z.number().int().nullable(),
});
export type SubscriptionSummary = z.infer<typeof SubscriptionSummarySchema>;

/** What one plan's button does for the club now (`planChoice` of the subscription rules). */
export const PlanChoiceSchema = z.object({
  paymentPlanId: z.number(),
  kind: z.enum(PLAN_CHOICE_KINDS),
  /** The choice charges a card: the payment screen asks for one when the club has none. */
  needsCard: z.boolean(),
  /** Why it is the current plan: active, not renewing, starting after a partner's offer, paying, failed. */
  label: z.enum(['active', 'notRenewing', 'startsAfterOffer', 'pending', 'failed']).nullable(),
  /** Why it cannot be chosen now. */
  reason: z.enum(['paymentPending', 'paymentFailed', 'earlyAdopter']).nullable(),
});
export type PlanChoice = z.infer<typeof PlanChoiceSchema>;

/**
 * The club's payment state, every answer decided by the subscription rules on the server: the owner app
 * renders it and decides nothing.
 */
export const CurrentPaymentStateSchema = z.object({
  /** The club's id. */
  id: z.number(),
  /** The brand the club works with (its brand reference), as in the owned club summary. */
  brand: BrandSchema.nullable(),
  freeForever: z.boolean(),
  paymentPending: z.boolean(),
  paymentErrorCode: z.string().nullable(),
  /** The subscribed plan priced for the club; null without a paid subscription. */
  paymentPlan: PaymentPlanSchema.nullable(),
  /** A paid or partner subscription whose period has not ended. */
  subscriptionEnabled: z.boolean(),
  /** `YYYY-MM-DD` the subscription's period ends (UTC); null without a subscription. */
  subscriptionExpiration: z.string().nullable(),
  /** free (the Free plan, docs/product.md, Plans), earlyAdopter, partner or paid: the rule of `clubPlan`. */
  kind: PlanKindSchema,
  isSmart: z.boolean(),
  /** The brand paying a partner subscription. */
  partnerBrand: BrandSchema.nullable(),
  /** `YYYY-MM-DD` of the next renewal: a paid plan that renews; null otherwise. */
  renewalDate: z.string().nullable(),
  renewalCancelled: z.boolean(),
  /** Gross cents of the next invoice in the plan's currency; null when nothing is due. */
  nextInvoiceCents: z.number().int().nullable(),
  currency: z.string().nullable(),
  /** Whole days left before the club falls back to Free after a failed payment; null unless one failed. */
  daysBeforeDeactivation: z.number().int().nullable(),
  /** The rules' status of the subscription. */
  status: SubscriptionStatusSchema,
  /** `YYYY-MM-DD`, the last day the renewal may be cancelled; null when there is nothing to cancel now. */
  cancelUntil: z.string().nullable(),
  /** Whether a cancelled renewal can be restored now (at no cost). */
  canReactivate: z.boolean(),
  /** What the payment screen is for now. */
  paymentScreen: z.enum(PAYMENT_SCREEN_MODES),
  /** For each plan offered to the club: what its button does. */
  planChoices: z.array(PlanChoiceSchema),
});
export type CurrentPaymentState = z.infer<typeof CurrentPaymentStateSchema>;

/** "23,18 €" in Italian, "€23.18" in English: an amount in cents, through the one price format. */
export const formatCents = (cents: number, format: PriceFormat) => formatPrice(cents / 100, format);
