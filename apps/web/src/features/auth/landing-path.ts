/**
 * Where a login lands with no page asked for: the console for an admin (whose account has no club, so
 * "/" would open the "new venue" form), the owner's home otherwise.
 */
export const landingPath = (returnPath: string, isAdmin: boolean) =>
  isAdmin && returnPath === '/' ? '/admin' : returnPath;
