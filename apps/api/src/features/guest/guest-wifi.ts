import { WIFI_REVEALS_PER_ADDRESS } from '@carta/contract/club-links';
import type { GuestWifi } from '@carta/contract/guest';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { countRequest, hashAddress, type RateLimit } from '../../lib/rate-limits.ts';
import { tableViewOf } from './guest-view.ts';
import { keptClubView } from './kept-views.ts';

// The club's Wi-Fi, answered on tap to a guest at an open table (the script's call, wifi-routes.ts, and
// the page read without JavaScript, routes/guest-wifi-page.ts): never in a guest page, never kept by a
// cache, never indexed (docs/decisions/0087-structured-data-and-guest-links.md).

/**
 * The club's Wi-Fi for a guest at this table: only while the table is open to guests (a club waiting
 * for activation, disabled, or without a Wi-Fi answers null, as an unknown table does). Read from the
 * club's kept view: no statement of its own.
 */
export const guestWifiAt = async (
  app: FastifyInstance,
  clubId: number,
  tableId: number,
): Promise<{ clubName: string; wifi: GuestWifi } | null> => {
  const view = tableViewOf((await keptClubView(app, clubId)).value, tableId, new Date());
  if (!view.isOpen) return null;
  const { name, wifiName, wifiPassword } = view.row.club;
  return wifiName ? { clubName: name, wifi: { name: wifiName, password: wifiPassword } } : null;
};

/**
 * One phone may see Wi-Fi passwords a few times in ten minutes, over every club and table, by the
 * script or the page: a tap is cheap, harvesting every venue's password by walking ids is not. Counted
 * in the database under a hash of the address (0036), as waiter calls are.
 */
export const WIFI_REVEAL_LIMIT: RateLimit = {
  kind: 'guest_wifi',
  max: WIFI_REVEALS_PER_ADDRESS,
  windowMs: 10 * 60_000,
};

/** Counts a reveal for the caller's address; over the limit, 429 RATE_LIMITED with Retry-After. */
export const limitWifiReveals = async (app: FastifyInstance, request: FastifyRequest) => {
  const key = hashAddress(app.appSecret, WIFI_REVEAL_LIMIT.kind, request.ip);
  const wait = await countRequest(app.db, WIFI_REVEAL_LIMIT, key);
  if (wait !== null) throw new AppError(429, 'RATE_LIMITED', { headers: { 'retry-after': String(wait) } });
};
