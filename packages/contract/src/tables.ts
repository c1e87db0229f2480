import { z } from 'zod';
import { SchedulingSchema, TableListEntrySchema, TableMenuViewSchema, TableZoneSchema } from './entities.ts';
import { id, plainString, requiredText, time } from './fields.ts';
import { GuestImageSchema, GuestLinksSchema } from './guest.ts';

// Tables, zones and menu schedules (docs/product.md, Schedules and tables; Guests, Table page).

export const TABLE_NAME_MAX = 40;
export const ZONE_NAME_MAX = 40;
export const TABLE_RANGE_MAX = 200;
export const SCHEDULINGS_PER_MENU_MAX = 50;

export const TableParamsSchema = z.object({ clubId: id, tableId: id });
export const ZoneParamsSchema = z.object({ clubId: id, zoneId: id });
export const SchedulingParamsSchema = z.object({ clubId: id, menuId: id, schedulingId: id });

export const TablesResponseSchema = z.object({ tables: z.array(TableListEntrySchema) });
export type TablesResponse = z.infer<typeof TablesResponseSchema>;
export const ZonesResponseSchema = z.object({ tableZones: z.array(TableZoneSchema) });

export const TableInputSchema = z
  .object({
    id: id.optional(),
    name: requiredText(TABLE_NAME_MAX),
    premium: z.boolean().default(false),
    tableZoneId: id.nullish().transform((value) => value ?? null),
  })
  .strict();

/** "Tables 1 to 20 in Terrace": names are the prefix and the number ("Tavolo 7"). */
const TableRangeSchema = z
  .object({
    prefix: plainString()
      .trim()
      .max(TABLE_NAME_MAX - 4, { error: 'validation.invalid' })
      .default(''),
    from: z.number({ error: 'validation.number' }).int().min(0).max(9999),
    to: z.number({ error: 'validation.number' }).int().min(0).max(9999),
    tableZoneId: id.nullish().transform((value) => value ?? null),
    premium: z.boolean().default(false),
  })
  .strict()
  .refine((range) => range.to >= range.from && range.to - range.from < TABLE_RANGE_MAX, {
    path: ['to'],
    error: 'validation.tableRange',
  });

/** PUT /clubs/{clubId}/tables: create or change tables, one by one and/or as a numbered range. */
export const SaveTablesRequestSchema = z
  .object({
    tables: z.array(TableInputSchema).max(TABLE_RANGE_MAX).default([]),
    range: TableRangeSchema.optional(),
  })
  .strict()
  .refine((request) => request.tables.length > 0 || request.range, { error: 'validation.required' });
export type SaveTablesRequest = z.input<typeof SaveTablesRequestSchema>;

export const SaveZoneRequestSchema = z.object({ name: requiredText(ZONE_NAME_MAX) }).strict();

/** Deleting a zone in use says what happens to its tables and its menu schedules. */
export const DeleteZoneQuerySchema = z.object({
  tables: z.enum(['unassign', 'delete']).optional(),
  schedulings: z.enum(['everyZone', 'delete']).optional(),
});
export const ZoneInUseSchema = z.object({ tables: z.number(), schedulings: z.number() });

/**
 * The weekdays and hours of a rule, as schedules and prices by time write them: days 1 = Monday ... 7 =
 * Sunday; no times = all day. Checked together by `checkScheduleTimes`.
 */
export const ScheduleTimesShape = {
  days: z
    .array(z.number().int().min(1, { error: 'validation.invalid' }).max(7, { error: 'validation.invalid' }))
    .min(1, { error: 'validation.days' })
    .max(7)
    .transform((days) => [...new Set(days)].sort()),
  startTime: time.nullish().transform((value) => value ?? null),
  endTime: time.nullish().transform((value) => value ?? null),
};

/** Both times or neither (all day), and never the same: an issue on the field to change. */
export const checkScheduleTimes = (
  rule: { startTime: string | null; endTime: string | null },
  context: z.RefinementCtx,
) => {
  if ((rule.startTime === null) !== (rule.endTime === null))
    context.addIssue({
      code: 'custom',
      path: [rule.startTime === null ? 'startTime' : 'endTime'],
      message: 'validation.bothTimes',
    });
  if (rule.startTime !== null && rule.startTime === rule.endTime)
    context.addIssue({ code: 'custom', path: ['endTime'], message: 'validation.sameTimes' });
};

/** A schedule rule as written: days 1 = Monday ... 7 = Sunday; no times = all day. */
export const SchedulingInputSchema = z
  .object({
    id: id.optional(),
    ...ScheduleTimesShape,
    tableZone: id.nullish().transform((value) => value ?? null),
  })
  .strict()
  .superRefine(checkScheduleTimes);
export type SchedulingInput = z.input<typeof SchedulingInputSchema>;

/** PUT /clubs/{clubId}/menu/{menuId}/schedulings: the menu's whole set of rules (left out = deleted). */
export const SaveSchedulingsRequestSchema = z
  .object({ schedulings: z.array(SchedulingInputSchema).max(SCHEDULINGS_PER_MENU_MAX) })
  .strict();
export type SaveSchedulingsRequest = z.input<typeof SaveSchedulingsRequestSchema>;
/** GET and PUT /clubs/{clubId}/menu/{menuId}/schedulings: the menu's rules. */
export const SchedulingsResponseSchema = z.object({ schedulings: z.array(SchedulingSchema) });
export type SchedulingsResponse = z.infer<typeof SchedulingsResponseSchema>;

/** GET /clubs/{clubId}/tables/{tableId}/preview?day=&time=: what that table sees then. */
export const PreviewQuerySchema = z.object({
  day: z.coerce.number().int().min(1).max(7),
  time,
});
export const PreviewResponseSchema = z.object({
  menus: z.array(z.object({ id: z.number(), name: z.string(), position: z.number() })),
});

/**
 * The public table call: the table-menu view when the club is open; otherwise only a state a guest
 * page can explain (never an owner's data). A club whose plan lapsed is open, with its Free menus (0048).
 */
export const GUEST_CLUB_STATES = ['comingSoon', 'disabled'] as const;
export const PublicTableResponseSchema = z.discriminatedUnion('state', [
  TableMenuViewSchema.extend({
    state: z.literal('open'),
    clubName: z.string(),
    tableName: z.string(),
    /** The guests of this table may call a waiter. */
    callWaiterEnabled: z.boolean(),
    /**
     * The club's plan keeps from guests some menus this table would have now (beyond the Free plan's
     * limit): the page says that some menus are not available (0048).
     */
    hasMenusWithheld: z.boolean(),
    logoImage: GuestImageSchema.nullable(),
    clubLinks: GuestLinksSchema,
  }),
  z.object({ state: z.enum(GUEST_CLUB_STATES), clubName: z.string() }),
]);
export type PublicTableResponse = z.infer<typeof PublicTableResponseSchema>;

const slug = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/**
 * The QR print sheet's file name says whose codes it holds, e.g. `carta-qr-osteria-demo-terrazza.pdf`:
 * the zone only when every table on the sheet is in the same one. The API's download and the owner app's
 * saved file use this one name.
 */
export const qrSheetFileName = (clubName: string, zoneNames: (string | null)[]) => {
  const zones = new Set(zoneNames);
  const [zone] = zones;
  const parts = ['carta-qr', slug(clubName), zones.size === 1 && zone ? slug(zone) : ''];
  return `${parts.filter(Boolean).join('-')}.pdf`;
};
