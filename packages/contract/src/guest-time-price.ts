import { z } from 'zod';
import { MenuLanguageSchema } from './entities.ts';

// A dish's price by time as guests receive it (docs/product.md, Prices by time), apart from the owner's
// shapes (time-prices.ts): the guest menu's shape (guest.ts) takes it without the schedules' schemas.

/**
 * When a price in force stops, as guests read it: at a time today or tonight ("until 20:00"), at
 * midnight, or after a last whole day ("until Sunday", a rule on all day for days in a row).
 */
export const TimePriceUntilSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('time'), time: z.string() }),
  z.object({ kind: z.literal('midnight') }),
  z.object({ kind: z.literal('day'), day: z.number() }),
]);
export type TimePriceUntil = z.infer<typeof TimePriceUntilSchema>;

/**
 * A dish's price in force now on the guest page: the label, the new price of the dish itself (null when
 * it shows variants or has no price of its own), its usual price, the percentage each variant takes off
 * (null for a new price) and when it ends (null: it never does, every day all day).
 */
export const GuestTimePriceSchema = z.object({
  label: z.string(),
  labelTranslations: z.partialRecord(MenuLanguageSchema, z.string()),
  price: z.number().nullable(),
  usualPrice: z.number().nullable(),
  percentOff: z.number().nullable(),
  until: TimePriceUntilSchema.nullable(),
});
export type GuestTimePrice = z.infer<typeof GuestTimePriceSchema>;
