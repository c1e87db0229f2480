import { defineConfig, devices } from '@playwright/test';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // Generous on purpose: CI shares two cores with other work, and a run seen there was four times slower
  // than on a quiet machine (a 11 s test took 45 s). Waits are for what the user sees, never fixed sleeps,
  // so a generous limit costs nothing when the machine is quiet.
  timeout: 120_000,
  expect: { timeout: 30_000 },
  reporter: [['list'], ['json']],
  outputDir: '../node_modules/.cache/playwright-results',
  use: {
    trace: 'retain-on-failure',
    locale: 'it-IT',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
      testIgnore: /.*\.phone\.spec\.ts/,
    },
    {
      name: 'phone',
      use: { ...devices['Pixel 7'], browserName: 'chromium' },
      testMatch: /.*\.phone\.spec\.ts/,
    },
  ],
});
