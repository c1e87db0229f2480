// Over 300 lines and kept whole: it is that one map, a route a row, and splitting it would hide from the
// reader which routes are covered and by what data.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import jpeg from 'jpeg-js';
import ts from 'typescript';
import { adminToken, asAdmin, expect, signUpOwner, test, useSessionOf } from './fixtures.ts';

// Issue 26: every screen of the owner app passes axe-core's WCAG 2.2 A/AA rules, on a phone and on a
// desktop. The map below names a concrete address for every route of apps/web/src/app/router.tsx, and
// a test compares it with the router, so a new screen cannot ship without being checked.

const ROUTER_FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../apps/web/src/app/router.tsx',
);

/** The tags of WCAG 2.0, 2.1 and 2.2 at levels A and AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Every route pattern of the router, nested paths joined (`/clubs/:clubId/menu`); an index route is its
 * parent's pattern, `*` stays `*`. Read from the source, so the app does not export a list for tests.
 */
export const routerPatterns = (file = ROUTER_FILE): string[] => {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const patterns = new Set<string>();
  const join = (parent: string, child: string) =>
    child === '*' ? '*' : child.startsWith('/') ? child : `${parent.replace(/\/$/, '')}/${child}`;
  const visit = (node: ts.Expression, parent: string) => {
    if (!ts.isArrayLiteralExpression(node)) return;
    for (const element of node.elements) {
      if (!ts.isObjectLiteralExpression(element)) continue;
      let own = parent;
      let children: ts.Expression | undefined;
      let isRoute = false;
      for (const property of element.properties) {
        if (!ts.isPropertyAssignment(property) || !ts.isIdentifier(property.name)) continue;
        const { text } = property.name;
        if (text === 'path' && ts.isStringLiteral(property.initializer)) {
          own = join(parent, property.initializer.text);
          isRoute = true;
        }
        if (text === 'index' && property.initializer.kind === ts.SyntaxKind.TrueKeyword) isRoute = true;
        if (text === 'children') children = property.initializer;
      }
      if (isRoute) patterns.add(own);
      if (children) visit(children, own);
    }
  };
  source.forEachChild(function find(node) {
    if (ts.isVariableDeclaration(node) && node.name.getText(source) === 'routes' && node.initializer) {
      visit(node.initializer, '');
    }
    node.forEachChild(find);
  });
  return [...patterns].sort();
};

/** What an owner's screens need: a club with a menu, a category, a dish, a table and a banner. */
export type OwnerData = {
  clubId: number;
  menuId: number;
  sectionId: number;
  itemId: number;
  tableId: number;
  /** The banner's stored image key, as the image step hands it to the details step. */
  bannerImage: string;
};

export type Role = 'visitor' | 'guest' | 'owner' | 'admin';

export type Screen = {
  role: Role;
  /** The address to open; for an owner's screen, from the owner's data. */
  url: (data: OwnerData) => string;
  /** Where the address lands when the router sends it on (`/` to the login, a club to its menus). */
  landsOn?: RegExp;
  /**
   * The one refusal the screen is opened for: a link whose token is not valid, which the screen explains
   * (the test cannot read a real one). Any other refused request fails the test.
   */
  refuses?: RegExp;
};

const club = (rest: string) => (data: OwnerData) => `/clubs/${data.clubId}${rest}`;
const menu = (rest: string) => (data: OwnerData) => `/clubs/${data.clubId}/menu/${data.menuId}${rest}`;
const fixed = (url: string) => () => url;

/** Every route of the router, with an address that opens it and who opens it. */
export const SCREENS: Record<string, Screen> = {
  '/': { role: 'visitor', url: fixed('/'), landsOn: /\/login$/ },
  '/login': { role: 'visitor', url: fixed('/login') },
  '/signup': { role: 'visitor', url: fixed('/signup') },
  '/password/recovery': { role: 'visitor', url: fixed('/password/recovery') },
  // With a token the form shows; the server judges the token only when it is sent.
  '/password/reset': { role: 'visitor', url: fixed('/password/reset?token=a11y-check') },
  '/authenticator/lost': { role: 'visitor', url: fixed('/authenticator/lost') },
  '/authenticator/reset': {
    role: 'visitor',
    url: fixed('/authenticator/reset?token=a11y-check'),
    refuses: /^POST \/api\/v1\/users\/authenticator\/reset\/confirm answered 400$/,
  },
  '/account/delete': { role: 'visitor', url: fixed('/account/delete') },
  '/invitations/:token': {
    role: 'visitor',
    url: fixed('/invitations/a11y-check'),
    refuses: /^POST \/api\/v1\/invitations\/preview answered 404$/,
  },
  '/users/activate': {
    role: 'visitor',
    url: fixed('/users/activate?token=a11y-check'),
    refuses: /^GET \/api\/v1\/users\/activate answered 400$/,
  },
  '/401': { role: 'visitor', url: fixed('/401') },
  '/404': { role: 'visitor', url: fixed('/404') },
  '/club-activation': {
    role: 'visitor',
    url: fixed('/club-activation?token=a11y-check'),
    refuses: /^GET \/api\/v1\/clubs\/activate answered 400$/,
  },
  '/error': { role: 'visitor', url: fixed('/error') },
  '/update': { role: 'visitor', url: fixed('/update') },
  '/session-expired': { role: 'visitor', url: fixed('/session-expired') },
  // The guest pages are rendered by the server (apps/guest): checked with the same rules, no session.
  '/public/qrcodemenu/:clubId/:tableId': {
    role: 'guest',
    url: (data) => `/public/qrcodemenu/${data.clubId}/${data.tableId}`,
  },
  '/public/menu/:clubId/:tableId/:menuId': {
    role: 'guest',
    url: (data) => `/public/menu/${data.clubId}/${data.tableId}/${data.menuId}`,
  },
  '/clubs/new': { role: 'owner', url: fixed('/clubs/new') },
  '/invitations': { role: 'owner', url: fixed('/invitations') },
  '/admin': { role: 'admin', url: fixed('/admin') },
  '/clubs/:clubId': { role: 'owner', url: club(''), landsOn: /\/menu$/ },
  '/clubs/:clubId/payment': { role: 'owner', url: club('/payment') },
  '/clubs/:clubId/menu': { role: 'owner', url: club('/menu') },
  '/clubs/:clubId/menu/new': { role: 'owner', url: club('/menu/new') },
  '/clubs/:clubId/menu/import': { role: 'owner', url: club('/menu/import') },
  '/clubs/:clubId/menu/time-prices': { role: 'owner', url: club('/menu/time-prices') },
  '/clubs/:clubId/menu/:menuId/edit': { role: 'owner', url: menu('/edit') },
  '/clubs/:clubId/menu/:menuId/schedulings': { role: 'owner', url: menu('/schedulings') },
  '/clubs/:clubId/menu/:menuId/translations': { role: 'owner', url: menu('/translations') },
  '/clubs/:clubId/profile/theme': { role: 'owner', url: club('/profile/theme') },
  '/clubs/:clubId/menu/:menuId': { role: 'owner', url: menu('') },
  '/clubs/:clubId/menu/:menuId/sections/:sectionId': {
    role: 'owner',
    url: (data) => `/clubs/${data.clubId}/menu/${data.menuId}/sections/${data.sectionId}`,
  },
  '/clubs/:clubId/menu/:menuId/sections/:sectionId/items/new': {
    role: 'owner',
    url: (data) => `/clubs/${data.clubId}/menu/${data.menuId}/sections/${data.sectionId}/items/new`,
  },
  '/clubs/:clubId/menu/:menuId/sections/:sectionId/items/:itemId': {
    role: 'owner',
    url: (data) =>
      `/clubs/${data.clubId}/menu/${data.menuId}/sections/${data.sectionId}/items/${data.itemId}`,
  },
  '/clubs/:clubId/menu/:menuId/banner': { role: 'owner', url: menu('/banner') },
  '/clubs/:clubId/menu/:menuId/banner/new': { role: 'owner', url: menu('/banner/new') },
  '/clubs/:clubId/menu/:menuId/banner/details': { role: 'owner', url: menu('/banner/details') },
  '/clubs/:clubId/menu/:menuId/banner/new/details': {
    role: 'owner',
    url: (data) => `/clubs/${data.clubId}/menu/${data.menuId}/banner/new/details?image=${data.bannerImage}`,
  },
  '/clubs/:clubId/profile': { role: 'owner', url: club('/profile') },
  '/clubs/:clubId/profile/contacts': { role: 'owner', url: club('/profile/contacts') },
  '/clubs/:clubId/profile/settings': { role: 'owner', url: club('/profile/settings') },
  '/clubs/:clubId/profile/plan': { role: 'owner', url: club('/profile/plan') },
  '/clubs/:clubId/profile/billing': { role: 'owner', url: club('/profile/billing') },
  '/clubs/:clubId/qrcode': { role: 'owner', url: club('/qrcode') },
  '/clubs/:clubId/service': { role: 'owner', url: club('/service') },
  '/clubs/:clubId/people': { role: 'owner', url: club('/people') },
  '/clubs/:clubId/notice': { role: 'owner', url: club('/notice') },
  // Logged in, an unknown address is a page not found (logged out it is the login, checked above).
  '*': { role: 'owner', url: fixed('/no/such/page') },
};

/** The frame's overlays, each opened on the club's menus: the club switcher, the account menu and its
 * deletion dialog, the waiter calls' panel; and a screen's own dialog, the new category. */
export const OWNER_OVERLAYS: { name: string; url: (data: OwnerData) => string; open: Visit['open'] }[] = [
  {
    name: 'club switcher menu',
    url: club('/menu'),
    open: async (page) => {
      await page.getByTestId('club-switcher').click();
      await expect(page.getByRole('menu')).toBeVisible();
    },
  },
  {
    name: 'account deletion dialog',
    url: club('/menu'),
    open: async (page) => {
      await page.getByRole('button', { name: 'Account', exact: true }).click();
      await page.getByRole('menuitem', { name: /^(Elimina il mio account|Delete my account)$/ }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
    },
  },
  {
    name: 'waiter calls panel',
    url: club('/menu'),
    open: async (page) => {
      await page.getByRole('button', { name: /^(Chiamate dai tavoli|Calls from tables)/ }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
    },
  },
  {
    name: 'new category dialog',
    url: menu(''),
    open: async (page) => {
      await page.getByRole('button', { name: /^(Nuova categoria|New category)$/ }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
    },
  },
];

/** The admin console's other tabs (the clubs are its first), each its own view of /admin. */
export const ADMIN_TABS = ['brands', 'plans', 'audit', 'phones', 'authenticator', 'eInvoices'];

/** The admin's screens need no owner. */
const NO_DATA: OwnerData = { clubId: 0, menuId: 0, sectionId: 0, itemId: 0, tableId: 0, bannerImage: '' };

/** A plain square JPEG, as the image step uploads a banner's image after the crop (crop-image.ts). */
const squareJpeg = () => {
  const size = 320;
  const data = Buffer.alloc(size * size * 4);
  for (let index = 0; index < data.length; index += 4) {
    data[index] = 190;
    data[index + 1] = 120;
    data[index + 2] = 80;
    data[index + 3] = 255;
  }
  return jpeg.encode({ data, width: size, height: size }, 85).data;
};

/**
 * An active owner whose club has everything the screens show: menus in two languages with a category, a
 * dish and a banner, a table, an admin's message, banners, translations and waiter calls switched on.
 */
export const setUpOwner = async (request: APIRequestContext) => {
  const owner = await signUpOwner(request, [{ name: 'Osteria del Ponte Vecchio' }]);
  const [clubId = 0] = owner.clubIds;
  const headers = { authorization: `Bearer ${owner.token}` };
  const api = `/api/v1/clubs/${clubId}`;
  expect((await asAdmin(request, 'post', `/clubs/${clubId}/activate`)).ok()).toBe(true);
  expect((await asAdmin(request, 'patch', `/clubs/${clubId}`, { freeForever: true })).ok()).toBe(true);
  expect(
    (
      await asAdmin(request, 'put', `/clubs/${clubId}/message`, {
        severity: 1,
        summary: 'Aggiorna i prezzi del vino',
        fullMessage: 'Ciao,\ndal 1° dicembre cambiano i prezzi dei vini al calice.',
      })
    ).ok(),
  ).toBe(true);
  expect((await request.patch(api, { headers, data: { menuLanguages: ['en'] } })).ok()).toBe(true);
  expect(
    (
      await request.patch(`${api}/settings`, {
        headers,
        data: { bannerUpdateEnabled: true, translationsEnabled: true, callWaiterEnabled: true },
      })
    ).ok(),
  ).toBe(true);
  const created = await request.post(`${api}/menu`, {
    headers,
    data: {
      name: 'Cena',
      footer: 'Coperto 2,50 €',
      sections: [
        {
          name: 'Primi',
          items: [
            {
              name: 'Carbonara',
              price: 12,
              allergens: ['eggs', 'gluten'],
              ingredients: 'guanciale, pecorino',
            },
            { name: 'Risotto ai funghi', priceText: 'Secondo mercato', allergens: ['milk'] },
          ],
        },
      ],
    },
  });
  expect(created.ok()).toBe(true);
  const menuId: number = (await created.json()).id;
  const full = await (await request.get(`${api}/menu/${menuId}`, { headers })).json();
  const section = full.sections[0];
  const { tables } = await (
    await request.put(`${api}/tables`, { headers, data: { tables: [{ name: '4' }] } })
  ).json();

  // The banner, as the image step makes it: the upload address, the PUT, the check, then the details.
  const ticket = await request.get(`${api}/banners/menu/${menuId}?contentType=image/jpeg`, { headers });
  expect(ticket.ok()).toBe(true);
  const { uploadId, uploadUrl } = await ticket.json();
  const put = await request.put(uploadUrl, {
    headers: { 'content-type': 'image/jpeg' },
    data: squareJpeg(),
  });
  expect(put.ok()).toBe(true);
  const stored = await request.post(`${api}/uploads/${uploadId}/complete`, { headers });
  expect(stored.ok()).toBe(true);
  const bannerImage: string = (await stored.json()).key;
  const banner = await request.post(`${api}/banners/menu/${menuId}`, {
    headers,
    data: { image: bannerImage, title: 'Aperitivo al tramonto', price: '12 €', forYou: true },
  });
  expect(banner.ok()).toBe(true);

  const data: OwnerData = {
    clubId,
    menuId,
    sectionId: section.id,
    itemId: section.items[0].id,
    tableId: tables[0].id,
    bannerImage,
  };
  return { token: owner.token, data };
};

/** One axe violation, said so that its cause is plain from the test's output. */
const describeViolation = (
  where: string,
  violation: Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number],
) =>
  [
    `${where}: ${violation.id} (${violation.impact ?? 'no impact'}) — ${violation.help}`,
    ...violation.nodes.map(
      (node) =>
        `    at ${node.target.join(' ')}: ${node.html.slice(0, 240)}\n      ${(node.failureSummary ?? '').replace(/\n/g, '\n      ')}`,
    ),
  ].join('\n');

/**
 * Opens each address and runs axe once the screen's own content shows (its heading, no spinner);
 * answers every violation found, described, so one run lists every screen's problems at once.
 */
type Visit = {
  name: string;
  url: string;
  landsOn?: RegExp;
  /** The screen's one expected refusal (Screen.refuses). */
  refuses?: RegExp;
  /** Opens an overlay (a menu, a dialog) once the screen shows, and waits for it: axe checks it open. */
  open?: (page: Page) => Promise<void>;
};

/**
 * The noise left once the screen's one expected refusal is taken out, with the browser's own console line
 * about that failed request (Chromium prints "Failed to load resource" for every refused request).
 */
const expectedNoiseRemoved = (noise: string[], refuses: RegExp | undefined) => {
  if (!refuses) return noise;
  const refused = noise.filter((line) => refuses.test(line));
  const statuses = new Set(refused.map((line) => line.match(/answered (\d+)$/)?.[1]));
  return noise.filter(
    (line) =>
      !refuses.test(line) &&
      ![...statuses].some((status) =>
        line.includes(`Failed to load resource: the server responded with a status of ${status}`),
      ),
  );
};

export const auditScreens = async (page: Page, visits: Visit[]) => {
  const problems: string[] = [];
  // A screen that works asks nothing the server refuses and writes no error to the console: an empty
  // state is an answer, not a 404 (issue 26's console noise).
  let noise: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') noise.push(`console error: ${message.text().slice(0, 240)}`);
  });
  page.on('pageerror', (error) => noise.push(`uncaught: ${error.message.slice(0, 240)}`));
  page.on('response', (response) => {
    if (response.status() >= 400)
      noise.push(
        `${response.request().method()} ${new URL(response.url()).pathname} answered ${response.status()}`,
      );
  });
  for (const { name, url, landsOn, open, refuses } of visits) {
    await test.step(`${name} (${url})`, async () => {
      noise = [];
      await page.goto(url);
      if (landsOn) await expect(page).toHaveURL(landsOn);
      await expect(page.locator('h1').first()).toBeVisible();
      // Not a spinner nor a placeholder: the screen's data has arrived.
      await expect(page.locator('.MuiCircularProgress-root:visible, .MuiSkeleton-root:visible')).toHaveCount(
        0,
      );
      await open?.(page);
      const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
      problems.push(
        ...results.violations.map((violation) => describeViolation(`${name} (${url})`, violation)),
        ...expectedNoiseRemoved(noise, refuses).map((line) => `${name} (${url}): ${line}`),
      );
    });
  }
  return problems;
};

const PROBLEMS_TITLE =
  'axe-core violations (rule, impact, the elements, and what to fix), refused requests and console errors:';

/** Fails listing every violation, or passes when there is none. */
export const expectNoViolations = (problems: string[]) =>
  expect(problems.length, `${PROBLEMS_TITLE}\n${problems.join('\n\n')}`).toBe(0);

/** The patterns of one role, in the map's order. */
export const patternsOf = (role: Role) =>
  Object.entries(SCREENS)
    .filter(([, screen]) => screen.role === role)
    .map(([pattern]) => pattern);

/**
 * The tests of one viewport (the spec file's project): the screens of each role, with one login per
 * test. The owner's screens come in groups, each its own owner, so the two workers share them.
 */
export const defineAccessibilityTests = ({ language }: { language: 'it' | 'en' }) => {
  test.describe.configure({ timeout: 600_000 });

  test('every screen seen without a session has no axe violation', async ({ page, request }) => {
    const { data } = await setUpOwner(request);
    await page.addInitScript((saved) => localStorage.setItem('language', saved), language);
    const visits = [...patternsOf('visitor'), ...patternsOf('guest')].map((pattern) => ({
      name: pattern,
      url: SCREENS[pattern]?.url(data) ?? '',
      landsOn: SCREENS[pattern]?.landsOn,
      refuses: SCREENS[pattern]?.refuses,
    }));
    expectNoViolations(await auditScreens(page, visits));
  });

  const ownerPatterns = patternsOf('owner');
  const half = Math.ceil(ownerPatterns.length / 2);
  for (const [index, group] of [ownerPatterns.slice(0, half), ownerPatterns.slice(half)].entries()) {
    test(`every owner screen has no axe violation (part ${index + 1} of 2)`, async ({ page, request }) => {
      const { token, data } = await setUpOwner(request);
      await useSessionOf(page, token, { language });
      const visits = group.map((pattern) => ({
        name: pattern,
        url: SCREENS[pattern]?.url(data) ?? '',
        landsOn: SCREENS[pattern]?.landsOn,
        refuses: SCREENS[pattern]?.refuses,
      }));
      expectNoViolations(await auditScreens(page, visits));
    });
  }

  test("the frame's overlays and a screen's dialog have no axe violation", async ({ page, request }) => {
    const { token, data } = await setUpOwner(request);
    await useSessionOf(page, token, { language });
    const visits = OWNER_OVERLAYS.map(({ name, url, open }) => ({ name, url: url(data), open }));
    expectNoViolations(await auditScreens(page, visits));
  });

  test('every tab of the admin console has no axe violation', async ({ page }) => {
    await useSessionOf(page, adminToken(), { isAdmin: true, language });
    const visits = [
      ...patternsOf('admin').map((pattern) => ({ name: pattern, url: SCREENS[pattern]?.url(NO_DATA) ?? '' })),
      ...ADMIN_TABS.map((tab) => ({ name: `/admin?tab=${tab}`, url: `/admin?tab=${tab}` })),
    ];
    expectNoViolations(await auditScreens(page, visits));
  });
};
