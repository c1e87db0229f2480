import type { ClubRole } from '@carta/contract/members';

/**
 * Where a role starts in a club: staff on calls and stock, everyone else on the menus (docs/product.md,
 * Staff and roles). A module of its own: the redirects of the app's entry need it, and the rest of
 * club-roles.ts would come into the entry with it.
 */
export const homeSectionOf = (role: ClubRole | undefined): string => (role === 'staff' ? 'service' : 'menu');
