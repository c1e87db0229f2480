import { eq } from 'drizzle-orm';
import { brands, clubMessages, clubs, subscriptions } from './schema.ts';

// A club is read with its brand, its subscription and the platform's message by the owner's screens, the
// admin console, billing, the menus' plan checks and the guest pages: how they join and which of their
// columns those screens show are written once, here, for every feature's store.

/** The brand a club belongs to, as the owner's club list and the console show it. */
export const clubBrandColumns = { id: brands.id, name: brands.name, enabled: brands.enabled };

/** The platform's message on a club (at most one). */
export const clubMessageColumns = {
  id: clubMessages.id,
  severity: clubMessages.severity,
  summary: clubMessages.summary,
  fullMessage: clubMessages.fullMessage,
};

/** Join conditions from `clubs`: its brand, its subscription (none until it first had one), its message. */
export const brandOfClub = eq(brands.id, clubs.brandId);
export const subscriptionOfClub = eq(subscriptions.clubId, clubs.id);
export const messageOfClub = eq(clubMessages.clubId, clubs.id);
