import type { ClubRole } from '@carta/contract/members';
import { useOwnedClubs } from './get-owned-clubs.ts';

/**
 * The account's role in a club, from its list of clubs (which the club frame keeps loaded): what a screen
 * offers follows it (docs/product.md, Staff and roles). Undefined until the list arrives.
 */
export const useClubRole = (clubId: string): ClubRole | undefined =>
  useOwnedClubs().data?.find((club) => String(club.id) === clubId)?.role;
