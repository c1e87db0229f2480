import { z } from 'zod';
import { BrandSchema, ClubMessageSchema, ClubStateSchema } from './clubs.ts';
import { id, plainString, requiredText } from './fields.ts';
import { MESSAGE_SEVERITIES } from './message-severity.ts';
import { SubscriptionSummarySchema } from './payments.ts';

// The admin console's API (docs/product.md, Admin): accounts with the admin flag only.

export const MESSAGE_SUMMARY_MAX = 120;
export const MESSAGE_FULL_MAX = 4000;
export const BRAND_NAME_MAX = 80;

export const ADMIN_CLUB_FILTERS = ['waiting', 'active', 'disabled', 'all'] as const;
export const AdminClubsQuerySchema = z.object({
  filter: z.enum(ADMIN_CLUB_FILTERS).default('all'),
  search: plainString().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type AdminClubsQuery = z.input<typeof AdminClubsQuerySchema>;

export const AdminClubSchema = z.object({
  id: z.number(),
  name: z.string(),
  city: z.string(),
  country: z.string(),
  state: ClubStateSchema,
  freeForever: z.boolean(),
  /** The club's plan and subscription state, as the rules read them now. */
  subscription: SubscriptionSummarySchema,
  brand: BrandSchema.nullable(),
  owner: z.object({
    id: z.number(),
    name: z.string(),
    lastName: z.string(),
    email: z.string(),
    phone: z.string(),
  }),
  message: ClubMessageSchema.nullable(),
  createdAt: z.string(),
});
export type AdminClub = z.infer<typeof AdminClubSchema>;

export const AdminClubPageSchema = z.object({
  clubs: z.array(AdminClubSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type AdminClubPage = z.infer<typeof AdminClubPageSchema>;

export const AdminClubParamsSchema = z.object({ clubId: id });
export const AdminBrandParamsSchema = z.object({ brandId: id });

export const UpdateAdminClubRequestSchema = z.object({ freeForever: z.boolean() }).strict();

export const ClubMessageRequestSchema = z
  .object({
    severity: z
      .number()
      .int()
      .min(0)
      .max(MESSAGE_SEVERITIES.length - 1),
    summary: requiredText(MESSAGE_SUMMARY_MAX),
    fullMessage: requiredText(MESSAGE_FULL_MAX, { isMultiline: true }),
  })
  .strict();
export type ClubMessageRequest = z.input<typeof ClubMessageRequestSchema>;

export const CreateBrandRequestSchema = z.object({ name: requiredText(BRAND_NAME_MAX) }).strict();
export type CreateBrandRequest = z.input<typeof CreateBrandRequestSchema>;
export const UpdateBrandRequestSchema = z
  .object({ name: requiredText(BRAND_NAME_MAX).optional(), enabled: z.boolean().optional() })
  .strict()
  // A patch that changes nothing is a mistake of the caller's, not a no-op to write.
  .refine((value) => value.name !== undefined || value.enabled !== undefined, {
    error: 'validation.required',
  });
export type UpdateBrandRequest = z.input<typeof UpdateBrandRequestSchema>;
export const AdminBrandSchema = BrandSchema.extend({ clubs: z.number() });
export type AdminBrand = z.infer<typeof AdminBrandSchema>;

export const AuditEntrySchema = z.object({
  id: z.number(),
  actor: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.number().nullable(),
  /** The club, brand, account or plan by its name today; null once it is gone. */
  targetName: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
export const AuditPageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
});
export const AuditPageSchema = z.object({ entries: z.array(AuditEntrySchema), total: z.number() });

/** An account in a group that shares one phone number (0050), as the console lists it. */
export const PhoneDuplicateAccountSchema = z.object({
  id: z.number(),
  name: z.string(),
  lastName: z.string(),
  email: z.string(),
  /** As stored: the old digits-only form, or the canonical one for the account that already had it. */
  phone: z.string(),
  clubs: z.number(),
  createdAt: z.string(),
});
export type PhoneDuplicateAccount = z.infer<typeof PhoneDuplicateAccountSchema>;

/**
 * Accounts made before canonical phones whose numbers are one number once canonical: the start-up
 * conversion merged nothing and left them for an admin to sort out.
 */
export const PhoneDuplicateGroupSchema = z.object({
  canonicalPhone: z.string(),
  foundAt: z.string(),
  accounts: z.array(PhoneDuplicateAccountSchema),
});
export type PhoneDuplicateGroup = z.infer<typeof PhoneDuplicateGroupSchema>;
export const PhoneDuplicatesResponseSchema = z.object({ groups: z.array(PhoneDuplicateGroupSchema) });
export type PhoneDuplicatesResponse = z.infer<typeof PhoneDuplicatesResponseSchema>;
