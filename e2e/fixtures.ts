import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test';
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

/** A phone number no other test uses: a valid Italian mobile, as digits with its country code (`393…`). */
export const uniquePhone = () =>
  `393${1 + Math.floor(Math.random() * 9)}${Date.now().toString().slice(-4)}${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;

/** The 6-digit code an authenticator app would show for this secret, `offsetSteps` 30-second steps away. */
export const totpCode = (secret: string, offsetSteps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret.replace(/\s+/g, '')) }).generate({
    timestamp: Date.now() + offsetSteps * 30_000,
  });

/**
 * The sign-up's last step: its first code confirms it (docs/decisions/0066). The previous step's code is
 * sent, so the current one is still free to log in; if a 30 s step ends between making the code and the
 * server checking it, that code is two steps old and refused, so it is made again once.
 */
export const confirmFirstCode = async (
  request: APIRequestContext,
  phone: string,
  password: string,
  secret: string,
) => {
  for (let attempt = 1; ; attempt += 1) {
    const confirmed = await request.post('/api/v1/users/totp/confirm', {
      data: { username: phone, password, totp: totpCode(secret, -1) },
    });
    if (confirmed.status() === 200 || attempt === 2) {
      expect(confirmed.status()).toBe(200);
      return;
    }
  }
};

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
  const deadline = Date.now() + 30_000;
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

export const OWNER_PASSWORD = 'Tavolo7$Blu';

/** The admin global-setup.ts made and logged in (a bearer token). */
export const adminToken = () => {
  const token = process.env.CARTA_E2E_ADMIN_TOKEN;
  if (!token) throw new Error('CARTA_E2E_ADMIN_TOKEN is not set: run through e2e/playwright.config.ts');
  return token;
};

type ClubFields = { name: string; city?: string };
const clubBody = ({ name, city = 'Milano' }: ClubFields) => ({
  name,
  seats: 40,
  address: { country: 'IT', line1: 'Via Roma 1', postalCode: '20121', city },
  companyName: `${name} srl`,
  vatNumber: 'IT00743110157',
});

/**
 * An owner signed up through the API as the wizard does (account and first club in one call), its first
 * authenticator code confirmed (which sends the activation email, docs/decisions/0066), activated through
 * the emailed link and logged in; further clubs are created with the token. Clubs wait for activation, as
 * new clubs do. The sign-up's code is the previous step's, so the current one logs in.
 */
export const signUpOwner = async (request: APIRequestContext, clubs: ClubFields[]) => {
  const phone = uniquePhone();
  const email = `owner.${phone}@example.com`;
  const [first, ...others] = clubs;
  if (!first) throw new Error('an owner needs a club');
  const created = await request.post('/api/v1/clubs', {
    data: {
      club: clubBody(first),
      account: {
        name: 'Marta',
        lastName: 'Bianchi',
        email,
        phone,
        password: OWNER_PASSWORD,
        passwordTwo: OWNER_PASSWORD,
        language: 'it',
      },
    },
  });
  expect(created.status()).toBe(201);
  const { clubId, enrolment } = await created.json();
  await confirmFirstCode(request, phone, OWNER_PASSWORD, enrolment.secret);
  const activation = new URL(await emailedLink(email, /\/users\/activate\?token=/));
  expect((await request.get(`/api/v1/users/activate${activation.search}`)).ok()).toBe(true);
  const login = await request.post('/api/v1/login', {
    data: { username: phone, password: OWNER_PASSWORD, totp: totpCode(enrolment.secret) },
  });
  expect(login.status()).toBe(200);
  const { token } = await login.json();
  const clubIds: number[] = [clubId];
  for (const club of others) {
    const response = await request.post('/api/v1/clubs', {
      data: { club: clubBody(club) },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status()).toBe(201);
    clubIds.push((await response.json()).clubId);
  }
  return { phone, email, secret: enrolment.secret as string, token: token as string, clubIds };
};

/** Opens the owner app already logged in with this token, in this interface language. */
export const useSessionOf = async (page: Page, token: string, { isAdmin = false, language = 'it' } = {}) => {
  await page.addInitScript(
    ([savedToken, admin, savedLanguage]) => {
      if (!sessionStorage.getItem('carta-e2e-started')) {
        sessionStorage.setItem('carta-e2e-started', '1');
        localStorage.setItem('token', savedToken);
        localStorage.setItem('admin', admin);
        localStorage.setItem('language', savedLanguage);
      }
    },
    [token, String(isAdmin), language] as const,
  );
};

/** Calls the API as the admin. */
export const asAdmin = (
  request: APIRequestContext,
  method: 'post' | 'put' | 'patch',
  url: string,
  data?: object,
) =>
  request[method](`/api/v1/admin${url}`, {
    headers: { authorization: `Bearer ${adminToken()}` },
    ...(data ? { data } : {}),
  });
