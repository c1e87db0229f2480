/**
 * The club an owner lands on at `/`: the one they made first (the lowest id), not the first by name, so
 * an owner with a new, empty venue beside their main one still lands on the main one.
 */
export const landingClub = <Club extends { id: number }>(clubs: readonly Club[]): Club | undefined =>
  clubs.reduce<Club | undefined>(
    (first, club) => (first === undefined || club.id < first.id ? club : first),
    undefined,
  );
