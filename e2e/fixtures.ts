import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { test as base, expect } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';

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

/** A phone number no other test uses. */
export const uniquePhone = () =>
  `39${Date.now().toString().slice(-7)}${Math.floor(1000 + Math.random() * 9000)}`;

/** The 6-digit code an authenticator app would show for this secret, `offsetSteps` 30-second steps away. */
export const totpCode = (secret: string, offsetSteps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret.replace(/\s+/g, '')) }).generate({
    timestamp: Date.now() + offsetSteps * 30_000,
  });

const decodeQuotedPrintable = (text: string) =>
  text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

/**
 * Waits for the newest email to `to` in the server's outbox (DATA_DIR/outbox, .eml files) whose link
 * matches `linkPattern`, and answers that link.
 */
export const emailedLink = async (to: string, linkPattern: RegExp): Promise<string> => {
  const outbox = path.join(process.env.CARTA_E2E_DATA_DIR ?? '', 'outbox');
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const names = (await readdir(outbox).catch(() => [] as string[])).sort().reverse();
    for (const name of names) {
      const message = decodeQuotedPrintable(await readFile(path.join(outbox, name), 'utf8'));
      if (!message.includes(`To: ${to}`)) continue;
      const link = message.match(new RegExp(`https?://[^\\s"<>]*${linkPattern.source}[^\\s"<>]*`))?.[0];
      if (link) return link.replace(/&amp;/g, '&');
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No email to ${to} with a link like ${linkPattern} in ${outbox}`);
};
