/**
 * The club an account lands on at `/`: among the clubs it owns, the one made first (the lowest id), not
 * the first by name, so an owner with a new, empty venue beside their main one still lands on the main
 * one; an account that owns none (a waiter, a manager) lands on the first club it joined.
 */
export const landingClub = <Club extends { id: number; role?: string }>(
  clubs: readonly Club[],
): Club | undefined => {
  const owned = clubs.filter((club) => club.role === undefined || club.role === 'owner');
  return (owned.length > 0 ? owned : clubs).reduce<Club | undefined>(
    (first, club) => (first === undefined || club.id < first.id ? club : first),
    undefined,
  );
};
