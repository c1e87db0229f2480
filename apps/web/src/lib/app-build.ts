/** This app's build id (vite.config.ts); 'dev' when the define is missing, as under the unit tests. */
export const APP_BUILD: string = typeof __CARTA_BUILD__ === 'string' ? __CARTA_BUILD__ : 'dev';

/**
 * True when the server says it serves another owner app build than the one running here: the browser
 * holds an old copy and must reload. Development builds ('dev') on either side never count.
 */
export const isBuildOutdated = (serverBuild: string | null, appBuild: string): boolean =>
  serverBuild !== null &&
  serverBuild !== '' &&
  serverBuild !== 'dev' &&
  appBuild !== 'dev' &&
  serverBuild !== appBuild;

/**
 * `BUILD_HEADER` of @carta/contract/public-config, spelled out: importing that module would bring its
 * schemas, and zod with them, into every first load (test/app-build.test.ts checks the two agree).
 */
export const BUILD_HEADER = 'x-carta-build';
