import { z } from 'zod';
import { MenuLanguageSchema } from './entities.ts';
import { id, optionalText, price, requiredText, time } from './fields.ts';
import { GuestTimePriceSchema } from './guest-time-price.ts';
import { MENU_ORIGINAL_LANGUAGE, type MenuLanguage } from './limits.ts';
import { checkScheduleTimes, ScheduleTimesShape } from './tables.ts';

// Prices by time (docs/product.md, Prices by time): another price for a dish or a whole category on given
// weekdays and hours, with the day and time rules of menu schedules. Which one is in force, and until
// when, is `priceInForce` (price-in-force.ts).

/** What guests read beside the price ("Happy hour", "Aperitivo"). */
export const TIME_PRICE_LABEL_MAX = 40;
/** Prices by time a club may keep: enough for every category of a bar and a few dishes on their own. */
export const TIME_PRICES_PER_CLUB_MAX = 50;

export const TimePriceParamsSchema = z.object({ clubId: id, timePriceId: id });

/** A percentage off, 1 to 100 (100: free during the hours, as "second drink on the house" menus write it). */
const percentOff = z
  .number({ error: 'validation.percentOff' })
  .int({ error: 'validation.percentOff' })
  .min(1, { error: 'validation.percentOff' })
  .max(100, { error: 'validation.percentOff' });

const orNull = <Schema extends z.ZodType>(schema: Schema) =>
  schema.nullish().transform((value) => value ?? null);

/**
 * POST and PUT /clubs/{clubId}/time-prices: one rule. Its target is a category (`sectionId`) or a dish
 * (`itemId`), never both; it makes a new price (a dish without variants only) or takes a percentage off
 * (anything, each variant included). The days and times follow the schedules' rules.
 */
export const TimePriceInputSchema = z
  .object({
    sectionId: orNull(id),
    itemId: orNull(id),
    label: requiredText(TIME_PRICE_LABEL_MAX),
    /** The label in the club's other languages; a blank one (and the original's language) reads the original. */
    labelTranslations: z
      .partialRecord(MenuLanguageSchema, optionalText(TIME_PRICE_LABEL_MAX))
      .default({})
      .transform(
        (translations) =>
          Object.fromEntries(
            Object.entries(translations).filter(
              ([language, text]) =>
                language !== MENU_ORIGINAL_LANGUAGE && typeof text === 'string' && text !== '',
            ),
          ) as Partial<Record<MenuLanguage, string>>,
      ),
    ...ScheduleTimesShape,
    price: orNull(price),
    percentOff: orNull(percentOff),
  })
  .strict()
  .superRefine((rule, context) => {
    checkScheduleTimes(rule, context);
    if ((rule.sectionId === null) === (rule.itemId === null))
      context.addIssue({ code: 'custom', path: ['itemId'], message: 'validation.timePriceTarget' });
    if ((rule.price === null) === (rule.percentOff === null))
      context.addIssue({ code: 'custom', path: ['price'], message: 'validation.timePriceChange' });
    else if (rule.price !== null && rule.sectionId !== null)
      context.addIssue({ code: 'custom', path: ['price'], message: 'validation.timePriceOnCategory' });
  });
export type TimePriceInput = z.input<typeof TimePriceInputSchema>;
export type TimePriceRequest = z.output<typeof TimePriceInputSchema>;

/** A rule as its owner reads it, with the names of what it applies to. */
export const TimePriceSchema = z.object({
  id: z.number(),
  sectionId: z.number().nullable(),
  itemId: z.number().nullable(),
  label: z.string(),
  labelTranslations: z.partialRecord(MenuLanguageSchema, z.string()),
  days: z.array(z.number()),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  price: z.number().nullable(),
  percentOff: z.number().nullable(),
  /** Where the target is: its menu and category, and the dish when it is one. */
  menuId: z.number(),
  menuName: z.string(),
  sectionName: z.string(),
  itemName: z.string().nullable(),
  /** The dish's usual price (null for a category, a price text or variants). */
  usualPrice: z.number().nullable(),
});
export type TimePrice = z.infer<typeof TimePriceSchema>;

/** What a rule may apply to, for the owner's picker: each menu's categories and dishes, in order. */
export const TimePriceTargetsSchema = z.array(
  z.object({
    id: z.number(),
    name: z.string(),
    sections: z.array(
      z.object({
        id: z.number(),
        name: z.string(),
        items: z.array(
          z.object({
            id: z.number(),
            name: z.string(),
            price: z.number().nullable(),
            /** A dish with variants takes a percentage only (a new price would say which variant?). */
            hasVariants: z.boolean(),
          }),
        ),
      }),
    ),
  }),
);
export type TimePriceTargets = z.infer<typeof TimePriceTargetsSchema>;

/** GET /clubs/{clubId}/time-prices: the club's rules, and what a rule may apply to. */
export const TimePricesResponseSchema = z.object({
  timePrices: z.array(TimePriceSchema),
  menus: TimePriceTargetsSchema,
});
export type TimePricesResponse = z.infer<typeof TimePricesResponseSchema>;

/** GET /clubs/{clubId}/time-prices/in-force?day=&time=: the owner's "who sees what" at that moment. */
export const TimePricesInForceQuerySchema = z.object({
  day: z.coerce.number().int().min(1).max(7),
  time,
});

/** A dish whose price differs at that moment, with the rule that makes it. */
export const TimePricesInForceSchema = z.object({
  prices: z.array(
    GuestTimePriceSchema.extend({
      timePriceId: z.number(),
      menuId: z.number(),
      itemId: z.number(),
      itemName: z.string(),
      sectionName: z.string(),
    }),
  ),
});
export type TimePricesInForce = z.infer<typeof TimePricesInForceSchema>;
