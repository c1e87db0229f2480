/** A unique index refused the row (PostgreSQL 23505), as node-postgres or PGlite report it, wrapped or not. */
export const isUniqueViolation = (error: unknown) =>
  (error as { code?: string }).code === '23505' ||
  (error as { cause?: { code?: string } }).cause?.code === '23505';
