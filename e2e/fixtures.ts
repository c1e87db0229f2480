import { test as base, expect } from '@playwright/test';

/** Tests run against the server global-setup.ts started; its address arrives in BASE_URL. */
export const test = base.extend({
  // Playwright reads the fixture's dependencies from this destructuring pattern; it must stay.
  // biome-ignore lint/correctness/noEmptyPattern: Playwright requires an object pattern here.
  baseURL: async ({}, use) => {
    const url = process.env.BASE_URL;
    if (!url) throw new Error('BASE_URL is not set: run the browser tests through e2e/playwright.config.ts');
    await use(url);
  },
});

export { expect };
