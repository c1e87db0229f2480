import { z } from 'zod';
import { id } from './fields.ts';

// Copying a menu to another of the caller's clubs (POST /clubs/{clubId}/menu/{menuId}/copy: docs/product.md,
// Menus; docs/decisions/0089-menu-copy-between-clubs.md).

export const CopyMenuRequestSchema = z
  .object({
    /** A club the caller owns or manages, not the menu's own. */
    targetClubId: id,
  })
  .strict();
export type CopyMenuRequest = z.input<typeof CopyMenuRequestSchema>;

/**
 * What the copy could not take as it was, each a message of the owner app (`menuCopy.notes.<key>`):
 * - `schedulesDropped`: schedules of zones the target has no zone of the same name for (`names`: those
 *   zones, `count`: how many schedules);
 * - `hiddenWithoutSchedules`: every schedule was dropped, so the copy is hidden rather than always on;
 * - `themeNotShared`: the menu's theme is the source club's own (`names`: its name); the copy uses the
 *   target's default theme;
 * - `languagesNotOffered`: translations kept in languages the target does not show (`names`: the codes);
 * - `bannerHidden`: the banner came along but the target's guests do not see banners (Free plan, or
 *   promotions switched off);
 * - `timePricesLeftOut`: the prices by time of the copied dishes and categories (`count`) did not come
 *   along, since the target could not take them all (TIME_PRICES_PER_CLUB_MAX).
 */
export const MENU_COPY_NOTES = [
  'schedulesDropped',
  'hiddenWithoutSchedules',
  'themeNotShared',
  'languagesNotOffered',
  'bannerHidden',
  'timePricesLeftOut',
] as const;
export type MenuCopyNoteKey = (typeof MENU_COPY_NOTES)[number];

export const MenuCopyNoteSchema = z.object({
  key: z.enum(MENU_COPY_NOTES),
  /** What the message names, when it names something. */
  values: z.object({
    count: z.number().int().optional(),
    names: z.array(z.string()).optional(),
  }),
});
export type MenuCopyNote = z.infer<typeof MenuCopyNoteSchema>;

/** The copy, in the target club, and what it could not take as it was. */
export const CopyMenuResponseSchema = z.object({
  clubId: z.number().int(),
  menuId: z.number().int(),
  /** As the source was, unless every schedule was dropped (then hidden). */
  enabled: z.boolean(),
  notes: z.array(MenuCopyNoteSchema),
});
export type CopyMenuResponse = z.infer<typeof CopyMenuResponseSchema>;
