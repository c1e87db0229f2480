import { z } from 'zod';
import { ClubParamsSchema } from './clubs.ts';
import { documentTotalsFields, id, optionalText } from './fields.ts';
import { messageKey } from './message-keys.ts';

// Refunds and credit notes (docs/decisions/0063-refunds-and-credit-notes.md): an admin gives back a paid
// charge whole or in part, a payment that arrived after the subscription gave it up is given back on its
// own, and every refund of an invoiced charge that went through gets a credit note. Money is integer cents.

export const REFUND_NOTE_MAX = 500;

/** Why a refund was made: an admin asked, or a payment arrived after the subscription stopped waiting. */
export const REFUND_REASONS = ['admin', 'lateSuccess'] as const;
export const RefundReasonSchema = z.enum(REFUND_REASONS);

/** pending until the provider answered; failed keeps the provider's reason. */
export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export const RefundStatusSchema = z.enum(REFUND_STATUSES);

/** The cents to give back: a whole number above zero (the server checks it against what is left). */
export const refundAmountCents = z
  .number({ error: 'validation.refundAmount' })
  .int({ error: 'validation.refundAmount' })
  .min(1, { error: 'validation.refundAmount' });

/** POST /admin/clubs/{clubId}/charges/{chargeId}/refunds. */
export const RefundRequestSchema = z
  .object({
    amountCents: refundAmountCents,
    /** Why, in the admin's words: kept with the refund and in the audit log. */
    note: optionalText(REFUND_NOTE_MAX, { isMultiline: true }),
  })
  .strict();
export type RefundRequest = z.input<typeof RefundRequestSchema>;

/**
 * The same request as the console's dialog checks it, knowing what is left to refund: at most
 * `leftCents`, said as `leftText` (the amount in the club's currency, formatted by the caller).
 */
export const refundRequestWithin = (leftCents: number, leftText: string) =>
  RefundRequestSchema.extend({
    amountCents: refundAmountCents.max(leftCents, {
      error: messageKey('validation.refundAtMost', { max: leftText }),
    }),
  });

export const AdminChargeParamsSchema = z.object({ clubId: id, chargeId: id });

/** A credit note as its number and id: enough to name it in a list. */
export const CreditNoteRefSchema = z.object({
  id: z.number(),
  /** `2026-NC-000042`: its own series per year, without gaps. */
  number: z.string(),
});

export const AdminRefundSchema = z.object({
  id: z.number(),
  createdAt: z.string(),
  amountCents: z.number().int(),
  currency: z.string(),
  reason: RefundReasonSchema,
  status: RefundStatusSchema,
  note: z.string().nullable(),
  /** What the provider said when it refused the refund. */
  failureReason: z.string().nullable(),
  /** The admin who asked for it (null for a late payment's own refund, or an account since deleted). */
  requestedBy: z.string().nullable(),
  creditNote: CreditNoteRefSchema.nullable(),
});
export type AdminRefund = z.infer<typeof AdminRefundSchema>;

export const CHARGE_STATUSES = ['pending', 'requiresAction', 'succeeded', 'failed', 'dropped'] as const;

/** One of the club's charges as the admin console's payments view lists it. */
export const AdminChargeSchema = z.object({
  id: z.number(),
  createdAt: z.string(),
  status: z.enum(CHARGE_STATUSES),
  amountCents: z.number().int(),
  currency: z.string(),
  /** `YYYY-MM-DD`. */
  periodStart: z.string(),
  periodEnd: z.string(),
  invoice: z.object({ id: z.number(), number: z.string() }).nullable(),
  /** Given back so far (refunds that succeeded). */
  refundedCents: z.number().int(),
  /** What an admin may still refund: 0 unless the payment went through and nothing is in flight. */
  refundableCents: z.number().int(),
  refunds: z.array(AdminRefundSchema),
});
export type AdminCharge = z.infer<typeof AdminChargeSchema>;

/** GET /admin/clubs/{clubId}/payments: the club's charges, newest first. */
export const AdminClubPaymentsSchema = z.object({
  club: z.object({ id: z.number(), name: z.string() }),
  charges: z.array(AdminChargeSchema),
});
export type AdminClubPayments = z.infer<typeof AdminClubPaymentsSchema>;

/** A credit note as the owner lists it, with the invoice it corrects. */
export const CreditNoteSchema = z.object({
  id: z.number(),
  number: z.string(),
  /** `YYYY-MM-DD`. */
  issuedOn: z.string(),
  invoiceId: z.number(),
  invoiceNumber: z.string(),
  ...documentTotalsFields,
});
export type CreditNote = z.infer<typeof CreditNoteSchema>;

export const CreditNoteParamsSchema = ClubParamsSchema.extend({ creditNoteId: id });
