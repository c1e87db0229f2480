import { defineConfig } from 'vitest/config';

// API tests run once on PGlite and, when TEST_DATABASE_URL is set, once more on PostgreSQL
// (scripts/test.mjs sets CARTA_TEST_DB for each run).
export default defineConfig({
  test: {
    include: ['packages/*/test/**/*.test.ts', 'apps/*/test/**/*.test.{ts,tsx}'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    globalSetup: ['apps/api/test/global-setup.ts'],
  },
});
