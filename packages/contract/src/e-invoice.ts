import { z } from 'zod';
import { id } from './fields.ts';

// Italian e-invoices (FatturaPA through the Sistema di Interscambio, docs/decisions/0062): the club's
// delivery data, their rules, shared by the owner app's billing form and the server, and the admin's view
// of each file's transmission.

/** The recipient code of a buyer that has none: SDI leaves the invoice in its "cassetto fiscale" (or PEC). */
export const NO_SDI_CODE = '0000000';
/** The recipient code of every buyer outside Italy. */
export const FOREIGN_SDI_CODE = 'XXXXXXX';

const PEC_MAX = 256;

const ODD_VALUES: Record<string, number> = Object.fromEntries(
  [
    ...'0123456789'.split('').map((digit, index) => [digit, [1, 0, 5, 7, 9, 13, 15, 17, 19, 21][index]]),
    ...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'
      .split('')
      .map((letter, index) => [
        letter,
        [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23][index],
      ]),
  ].map(([key, value]) => [key as string, value as number]),
);
const evenValue = (character: string) =>
  /\d/.test(character) ? Number(character) : character.charCodeAt(0) - 'A'.charCodeAt(0);

// A person's codice fiscale: surname, name, year, month letter, day (+40 for women), place, check letter;
// digits may be replaced by letters (omocodia).
const PERSON_CODE = /^[A-Z]{6}[\dLMNPQRSTUV]{2}[ABCDEHLMPRST][\dLMNPQRSTUV]{2}[A-Z][\dLMNPQRSTUV]{3}[A-Z]$/;

/** The check digit of an 11-digit partita IVA or a company's numeric codice fiscale. */
const isNumericCodeValid = (code: string) => {
  let sum = 0;
  for (let index = 0; index < 10; index += 1) {
    const digit = Number(code[index]);
    const doubled = digit * 2;
    sum += index % 2 === 0 ? digit : doubled > 9 ? doubled - 9 : doubled;
  }
  return (10 - (sum % 10)) % 10 === Number(code[10]);
};

/** The check letter of a person's 16-character codice fiscale. */
const isPersonCodeValid = (code: string) => {
  let sum = 0;
  for (let index = 0; index < 15; index += 1) {
    const character = code.charAt(index);
    sum += index % 2 === 0 ? (ODD_VALUES[character] ?? 0) : evenValue(character);
  }
  return String.fromCharCode('A'.charCodeAt(0) + (sum % 26)) === code[15];
};

/** An Italian codice fiscale: 11 digits (companies) or 16 characters (people), check character included. */
export const isValidFiscalCode = (value: string): boolean => {
  const code = value.replace(/\s+/g, '').toUpperCase();
  if (/^\d{11}$/.test(code)) return isNumericCodeValid(code);
  return PERSON_CODE.test(code) && isPersonCodeValid(code);
};

/** Blank is "none" (null); a field left out of a PATCH stays out (undefined: unchanged). */
const blankIsNull = (value: string | null) => value || null;

/** The SDI recipient code: exactly 7 letters or digits, upper-cased; `0000000` means none. */
export const sdiCodeField = z
  .string()
  .transform((value) => value.replace(/\s+/g, '').toUpperCase())
  .refine((value) => value === '' || /^[A-Z0-9]{7}$/.test(value), { error: 'validation.sdiCode' })
  .nullable()
  .transform(blankIsNull)
  .optional();

/** A certified email (PEC) address the invoices are delivered to. */
export const pecField = z
  .string()
  .trim()
  .max(PEC_MAX, { error: 'validation.emailFormat' })
  .refine((value) => value === '' || z.email().safeParse(value).success, { error: 'validation.emailFormat' })
  .nullable()
  .transform(blankIsNull)
  .optional();

/** The codice fiscale, spaces removed and upper-cased, with its check character. */
export const fiscalCodeField = z
  .string()
  .transform((value) => value.replace(/\s+/g, '').toUpperCase())
  .refine((value) => value === '' || isValidFiscalCode(value), { error: 'validation.fiscalCode' })
  .nullable()
  .transform(blankIsNull)
  .optional();

/** The club's e-invoice fields, as the club's create and PATCH requests take them (each optional). */
export const EInvoiceFieldsSchema = z.object({
  sdiCode: sdiCodeField,
  pec: pecField,
  fiscalCode: fiscalCodeField,
});
export type EInvoiceFields = z.output<typeof EInvoiceFieldsSchema>;

/**
 * The rule across the fields, for the billing country they apply to. An Italian buyer who gives any of
 * them says where SDI delivers: a recipient code (`0000000` when it has none) or a PEC address. Giving
 * none at all is allowed too: the invoice then goes with `0000000` to the buyer's "cassetto fiscale" on
 * the Agenzia delle Entrate's site, as the law allows (the form says so). Outside Italy none is used:
 * the recipient code is `XXXXXXX`.
 */
export const EInvoiceDataSchema = z
  .object({
    /** The billing country (ISO 3166 alpha-2). */
    country: z.string(),
    ...EInvoiceFieldsSchema.shape,
  })
  .superRefine((data, context) => {
    if (data.country.toUpperCase() !== 'IT') return;
    const isAnyGiven = Boolean(data.sdiCode || data.pec || data.fiscalCode);
    if (isAnyGiven && !data.sdiCode && !data.pec)
      context.addIssue({ code: 'custom', path: ['sdiCode'], message: 'validation.sdiCodeOrPec' });
  });
export type EInvoiceData = z.input<typeof EInvoiceDataSchema>;

/** Where SDI delivers an Italian buyer's file: its code, or `0000000` with its PEC or alone. */
export const deliveryOf = (buyer: { country: string; sdiCode?: string | null; pec?: string | null }) => {
  if (buyer.country.toUpperCase() !== 'IT') return { code: FOREIGN_SDI_CODE, pec: null };
  if (buyer.sdiCode && buyer.sdiCode !== NO_SDI_CODE) return { code: buyer.sdiCode, pec: null };
  return { code: NO_SDI_CODE, pec: buyer.pec ?? null };
};

// VIES: the EU's check that a VAT number is registered now (reverse charge for EU buyers).

export const VAT_CHECK_STATUSES = ['valid', 'invalid', 'unavailable'] as const;
export const VatCheckSchema = z.object({
  vatNumber: z.string(),
  status: z.enum(VAT_CHECK_STATUSES),
  checkedAt: z.string(),
  name: z.string().nullish(),
});
export type VatCheckResult = z.infer<typeof VatCheckSchema>;

// The files sent to SDI, as the admin console lists them.

export const E_INVOICE_STATUSES = ['waiting', 'sent', 'delivered', 'rejected'] as const;
export type EInvoiceStatus = (typeof E_INVOICE_STATUSES)[number];
export const E_INVOICE_DOCUMENT_KINDS = ['invoice', 'creditNote'] as const;
export type EInvoiceDocumentKind = (typeof E_INVOICE_DOCUMENT_KINDS)[number];

export const AdminEInvoicesQuerySchema = z.object({
  status: z.enum(E_INVOICE_STATUSES).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
});
export type AdminEInvoicesQuery = z.output<typeof AdminEInvoicesQuerySchema>;

export const AdminEInvoiceSchema = z.object({
  id: z.number(),
  clubId: z.number(),
  clubName: z.string(),
  documentKind: z.enum(E_INVOICE_DOCUMENT_KINDS),
  documentId: z.number(),
  /** `2026-000042` for an invoice, `2026-NC-000001` for a credit note. */
  documentNumber: z.string(),
  fileName: z.string(),
  status: z.enum(E_INVOICE_STATUSES),
  /** Why SDI rejected it, or why the last try failed. */
  reason: z.string().nullable(),
  attempts: z.number(),
  nextAttemptAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminEInvoice = z.infer<typeof AdminEInvoiceSchema>;

export const AdminEInvoicePageSchema = z.object({
  transmissions: z.array(AdminEInvoiceSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  /** Where files go: an intermediary's API, or the outbox folder an accountant collects them from. */
  provider: z.enum(['outbox', 'http']),
});
export type AdminEInvoicePage = z.infer<typeof AdminEInvoicePageSchema>;

export const AdminEInvoiceParamsSchema = z.object({ transmissionId: id });

/** The owner's FatturaPA downloads: an invoice's, a credit note's. */
export const InvoiceFileParamsSchema = z.object({ clubId: id, invoiceId: id });
export const CreditNoteFileParamsSchema = z.object({ clubId: id, creditNoteId: id });
