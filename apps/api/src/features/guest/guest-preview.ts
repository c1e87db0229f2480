import { createHmac, timingSafeEqual } from 'node:crypto';
import { guestTablePath } from '@carta/contract/guest-paths';
import { GUEST_PREVIEW_MINUTES, GUEST_PREVIEW_PARAM } from '@carta/contract/guest-preview';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { clubs, clubTables } from '../../db/schema.ts';

// The owner's preview of a club's guest pages while it waits for activation (0073). The guest pages
// are plain GETs and the owner's token lives in the owner app, so the app asks (with the token) for a
// short-lived address signed with the server's key and bound to the club: `?preview=<expires>.<mac>`.

const signature = (secret: string, clubId: number, expires: number) =>
  createHmac('sha256', `guest-preview:${secret}`).update(`${clubId}\n${expires}`).digest('base64url');

/** The signed preview parameter of a club, working for GUEST_PREVIEW_MINUTES from `now`. */
export const signGuestPreview = (secret: string, clubId: number, now = Date.now()) => {
  const expires = Math.floor(now / 1000) + GUEST_PREVIEW_MINUTES * 60;
  return { value: `${expires}.${signature(secret, clubId, expires)}`, expiresAt: new Date(expires * 1000) };
};

/** The preview address of a table's guest page. */
export const guestPreviewUrl = (clubId: number, tableId: number, value: string) =>
  `${guestTablePath(clubId, tableId)}?${GUEST_PREVIEW_PARAM}=${encodeURIComponent(value)}`;

/** True when `value` is a preview of this club signed by this server and not yet expired. */
export const isGuestPreview = (
  secret: string,
  clubId: number,
  value: string | undefined,
  now = Date.now(),
) => {
  const match = value ? /^(\d{1,12})\.([\w-]{43})$/.exec(value) : null;
  if (!match?.[1] || !match[2]) return false;
  const expires = Number(match[1]);
  if (expires * 1000 <= now) return false;
  const expected = Buffer.from(signature(secret, clubId, expires));
  const given = Buffer.from(match[2]);
  return expected.length === given.length && timingSafeEqual(expected, given);
};

/** True when the club is waiting for activation: the only state a preview opens (0073). */
export const isClubWaiting = async (db: Database, clubId: number) => {
  const [club] = await db.select({ status: clubs.status }).from(clubs).where(eq(clubs.id, clubId));
  return club?.status === 'pending';
};

/** The table a preview opens: the one asked if it is the club's, else the club's first; null if none. */
export const previewTable = async (db: Database, clubId: number, tableId: number | undefined) => {
  const [table] = await db
    .select({ id: clubTables.id })
    .from(clubTables)
    .where(and(eq(clubTables.clubId, clubId), tableId ? eq(clubTables.id, tableId) : undefined))
    .orderBy(asc(clubTables.id))
    .limit(1);
  return table ?? null;
};
