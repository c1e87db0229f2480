import { type ClubRole, roleReaches } from '@carta/contract/members';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { clubScope } from '../src/plugins/club-scope.ts';
import { addTable, seedMember, seedOwnerWithClub } from './fixtures.ts';
import { present, seedOwner, useTestApp } from './helpers.ts';

/**
 * Walks the server's own route table: every route under /api/v1/clubs/{clubId} must answer 401 without
 * a token, 404 to anyone with no role in the club and 403 to a role below its least one, whatever else the
 * request says (docs/decisions/0083-club-roles.md). A route added later is walked too, so it fails here
 * until it is placed inside clubScope with its least role.
 */
describe('tenant isolation', () => {
  const context = useTestApp();
  const CLUB_PREFIX = '/api/v1/clubs/:clubId';

  const clubRoutes = () =>
    context.app.routeTable.filter(({ url }) => url === CLUB_PREFIX || url.startsWith(`${CLUB_PREFIX}/`));

  /** The error code of an answer, or nothing for one that is not JSON (a PDF, a workbook, an image). */
  const codeOf = (body: string): string | undefined => {
    try {
      return (JSON.parse(body) as { code?: string }).code;
    } catch {
      return undefined;
    }
  };

  /** A concrete address: the club's id, and a plausible value for any other parameter. */
  const fill = (url: string, clubId: number, otherId = '1') =>
    url
      .replace(':clubId', String(clubId))
      .replace(/:uploadId/g, `logo-${'a'.repeat(32)}`)
      .replace(/:(\w+)/g, otherId);

  it('finds the club routes to walk', () => {
    const urls = clubRoutes().map(({ method, url }) => `${method} ${url}`);
    expect(urls).toEqual(
      expect.arrayContaining([
        `GET ${CLUB_PREFIX}`,
        `PATCH ${CLUB_PREFIX}`,
        `PATCH ${CLUB_PREFIX}/settings`,
        `POST ${CLUB_PREFIX}/uploads`,
      ]),
    );
  });

  it('every club route is inside the scope that checks ownership', () => {
    const outside = context.app.routeTable
      .filter(({ url }) => url.startsWith('/api/v1/') && url.includes(':clubId'))
      .filter(({ url }) => !url.startsWith('/api/v1/admin/'))
      .filter(({ config }) => !config.isClubScoped)
      .map(({ method, url }) => `${method} ${url}`);
    expect(outside).toEqual([]);
  });

  it('every club route that is not public names its least role', () => {
    const unnamed = clubRoutes()
      .filter(({ config }) => !config.isPublic && !config.minRole)
      .map(({ method, url }) => `${method} ${url}`);
    expect(unnamed).toEqual([]);
  });

  it('refuses to start with a club route that names no least role', async () => {
    const bare = Fastify();
    bare.decorate('authenticate', async () => {});
    const starting = (async () => {
      await bare.register(clubScope, {
        prefix: '/clubs/:clubId',
        routes: [
          async (scope) => {
            scope.get('/forgotten', async () => 'x');
          },
        ],
      });
      await bare.ready();
    })();
    await expect(starting).rejects.toThrow(
      'GET /clubs/:clubId/forgotten is a club route without config.minRole',
    );
    await bare.close();
  });

  /**
   * The role matrix (docs/decisions/0083-club-roles.md): every club route × the club's owner, manager and
   * staff, and the owner and a manager of another club. A role that reaches the route's minRole passes the
   * scope (never 401, 403 or the scope's 404); a lower one gets 403 ROLE_NOT_ALLOWED; outsiders 404.
   */
  it("answers each role of the club and other clubs' people exactly as the routes' least roles say", async () => {
    const { owner, club, call } = await seedOwnerWithClub(context, { club: { freeForever: true } });
    // The QR code sheet and the guest preview need a table to answer.
    await addTable(call);
    const manager = await seedMember(context, club.id, 'manager');
    const staff = await seedMember(context, club.id, 'staff');
    const elsewhere = await seedOwnerWithClub(context);
    const otherManager = await seedMember(context, elsewhere.club.id, 'manager');
    const insiders = {
      owner: owner.authorization,
      manager: manager.authorization,
      staff: staff.authorization,
    };
    const outsiders = { otherOwner: elsewhere.owner.authorization, otherManager: otherManager.authorization };
    const routes = clubRoutes().filter(({ config }) => !config.isPublic);
    expect(routes.length).toBeGreaterThanOrEqual(60);

    // Past the scope, other ids name nothing and the body is an array no route takes (400 before the
    // handler): nothing changes, and an allowed caller's answer is the owner's, who passes every scope.
    const send = (method: string, url: string, authorization: string, isPassing: boolean) =>
      context.app.inject({
        method: method as 'GET',
        url: fill(url, club.id, isPassing ? '2147480000' : '1'),
        headers: { authorization },
        ...(method === 'GET' || method === 'DELETE' ? {} : { payload: isPassing ? [] : { name: 'x' } }),
      });
    const cellOf = (answer: { statusCode: number; body: string }) =>
      `${answer.statusCode} ${codeOf(answer.body) ?? ''}`.trim();
    const observed: string[] = [];
    const expected: string[] = [];
    for (const { method, url, config } of routes) {
      const minRole = present(config.minRole, `${method} ${url}'s minRole`);
      const route = `${method} ${url.slice(CLUB_PREFIX.length) || '/'}`;
      // The live stream never ends on its own: a member's is opened in members.test.ts.
      const isStream = url.endsWith('/waiter-calls/events');
      const owner = isStream ? '200' : cellOf(await send(method, url, insiders.owner, true));
      const hasOtherIds = /:(?!clubId)\w+/.test(url);
      // The owner passes every scope: never 401 or 403, nor 404 on a route naming nothing but the club.
      expected.push(`${route} owner: passes`);
      observed.push(
        `${route} owner: ${/^40[13]/.test(owner) || (!hasOtherIds && owner.endsWith('NOT_FOUND')) ? owner : 'passes'}`,
      );
      for (const role of ['manager', 'staff'] as const) {
        const isAllowed = roleReaches(role, minRole);
        // A member leaving names themself: another account is the route's own refusal (members.test.ts).
        const isSomeoneElse = route === 'DELETE /members/:accountId';
        expected.push(`${route} ${role}: ${isAllowed && !isSomeoneElse ? owner : '403 ROLE_NOT_ALLOWED'}`);
        const answer =
          isStream && isAllowed ? owner : cellOf(await send(method, url, insiders[role], isAllowed));
        observed.push(`${route} ${role}: ${answer}`);
      }
      for (const [who, authorization] of Object.entries(outsiders)) {
        expected.push(`${route} ${who}: 404 NOT_FOUND`);
        observed.push(`${route} ${who}: ${cellOf(await send(method, url, authorization, false))}`);
      }
      const anonymous = await context.app.inject({ method: method as 'GET', url: fill(url, club.id) });
      expected.push(`${route} anonymous: 401 UNAUTHORIZED`);
      observed.push(`${route} anonymous: ${cellOf(anonymous)}`);
    }
    expect(observed).toEqual(expected);

    // Written by hand, so that a least role changed by mistake fails here, not only in the routes.
    const keyRoutes: Record<ClubRole, string[]> = {
      owner: ['GET /invoices', 'POST /subscription', 'GET /payment-methods', 'GET /payments/plans'],
      manager: ['PATCH /', 'PATCH /settings', 'POST /menu', 'DELETE /menu/:menuId', 'PUT /tables'],
      staff: ['GET /', 'GET /menu', 'GET /menu/:menuId/pdf', 'GET /tables', 'GET /tables/qrcodes.pdf'],
    };
    keyRoutes.owner.push('GET /credit-notes', 'GET /members', 'POST /invitations', 'POST /ownership');
    keyRoutes.owner.push('DELETE /invitations/:invitationId', 'PATCH /members/:accountId');
    keyRoutes.manager.push('PUT /menu/:menuId/sections/:sectionId/items');
    keyRoutes.manager.push('PUT /menu/:menuId/sections/:sectionId/items/batch');
    keyRoutes.staff.push('GET /waiter-calls', 'GET /waiter-calls/events', 'GET /zones');
    keyRoutes.staff.push('POST /waiter-calls/:callId/acknowledge', 'POST /waiter-calls/:callId/close');
    keyRoutes.staff.push('PATCH /menu/:menuId/sections/:sectionId/items/:itemId/stock');
    keyRoutes.staff.push('GET /tables/:tableId/qrcode.svg', 'DELETE /members/:accountId');
    const declared = new Map(
      routes.map(({ method, url, config }) => [
        `${method} ${url.slice(CLUB_PREFIX.length) || '/'}`,
        config.minRole,
      ]),
    );
    for (const [role, named] of Object.entries(keyRoutes))
      expect(named.map((route) => `${route}: ${declared.get(route)}`)).toEqual(
        named.map((route) => `${route}: ${role}`),
      );
  });

  it('an unknown or malformed club id answers 404 as well', async () => {
    const owner = await seedOwner(context.database);
    for (const clubId of ['999999999', '0', '-1', 'abc', '1.5']) {
      const response = await context.app.inject({
        method: 'GET',
        url: `/api/v1/clubs/${clubId}`,
        headers: { authorization: owner.authorization },
      });
      expect(response.statusCode, clubId).toBe(404);
    }
  });

  /**
   * Everything that answers without a token. A route that becomes public by mistake (registered outside
   * clubScope, or without `app.authenticate`) lands here and fails the test until it is listed on purpose.
   */
  const PUBLIC_ROUTES = [
    'GET /api/docs',
    'GET /api/docs/json',
    'GET /api/docs/static/*',
    'GET /api/docs/static/index.html',
    'GET /api/docs/static/swagger-initializer.js',
    'GET /api/docs/yaml',
    'GET /api/v1/brands',
    'GET /api/v1/clubs/:clubId/menu/tables/:tableId',
    'GET /api/v1/clubs/:clubId/menu/tables/:tableId/menus/:menuId',
    'GET /api/v1/clubs/:clubId/menu/tables/:tableId/waiter-call',
    // The Wi-Fi's name and password, shown on a guest's tap (0087).
    'GET /api/v1/clubs/:clubId/menu/tables/:tableId/wifi',
    'GET /api/v1/clubs/activate',
    'GET /api/v1/config',
    'GET /api/v1/countries',
    'GET /api/v1/countries/:countryIsoCode/states',
    'GET /api/v1/countries/:countryIsoCode/cities',
    'GET /api/v1/countries/:countryIsoCode/states/:stateIsoCode/cities',
    'GET /api/v1/health',
    'GET /api/v1/openapi.json',
    'GET /api/v1/users/activate',
    // An invitation link's preview, before anyone logs in (docs/product.md, Staff and roles).
    'POST /api/v1/invitations/preview',
    'GET /files/*',
    'GET /public/assets/:name',
    'GET /public/fonts.css',
    'GET /public/fonts/:name',
    'GET /public/menu/:clubId/:tableId/:menuId',
    'GET /public/menu/:clubId/:tableId/:menuId/pdf',
    'GET /public/qrcodemenu/:clubId/:tableId',
    'GET /public/sw.js',
    'GET /public/wifi/:clubId/:tableId',
    'POST /api/v1/clubs',
    'POST /api/v1/clubs/activate',
    'POST /api/v1/clubs/:clubId/menu/tables/:tableId/waiter-call',
    'POST /api/v1/login',
    // Stripe's signed events; the sandbox's card form and authentication screen (their client secret).
    'POST /api/v1/payments/sandbox/payments/:paymentId/confirm',
    'POST /api/v1/payments/sandbox/setups/:setupId/confirm',
    'POST /api/v1/payments/webhook',
    'POST /api/v1/users',
    'POST /api/v1/users/activate/resend',
    // The authenticator's first code, a lost one's reset and a new one's enrolment (0051, 0072).
    'POST /api/v1/users/authenticator/reset',
    'POST /api/v1/users/authenticator/reset/confirm',
    'POST /api/v1/users/totp/confirm',
    'POST /api/v1/users/totp/enrolment',
    'POST /api/v1/users/totp/enrolment/confirm',
    'POST /api/v1/users/password/recovery',
    'POST /api/v1/users/password/reset',
    // The sign-up wizard's first step: whether the phone is free (0066).
    'POST /api/v1/users/phone-check',
    'POST /public/waiter/:clubId/:tableId',
    'PUT /api/v1/uploads',
  ];

  it('answers without a token on exactly the public routes', async () => {
    const answering: string[] = [];
    for (const { method, url } of context.app.routeTable) {
      // Ids no test seeds: a public route answers 404 or 400 here, never 401, and changes nothing.
      const address = url.replace(/:(\w+)/g, '2147480000').replace('*', 'x');
      const anonymous = await context.app.inject({
        method: method as 'GET',
        url: address,
        ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
      });
      if (anonymous.statusCode !== 401) answering.push(`${method} ${url}`);
    }
    expect(answering.sort()).toEqual([...PUBLIC_ROUTES].sort());
  });

  it('every admin route answers 401 without a token and 403 to an owner', async () => {
    const owner = await seedOwner(context.database);
    const routes = context.app.routeTable.filter(({ url }) => url.startsWith('/api/v1/admin/'));
    expect(routes.length).toBeGreaterThanOrEqual(8);
    for (const { method, url } of routes) {
      const address = url.replace(/:(\w+)/g, '1');
      const asOwner = await context.app.inject({
        method: method as 'GET',
        url: address,
        headers: { authorization: owner.authorization },
        ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
      });
      expect({ route: `${method} ${url}`, status: asOwner.statusCode }).toEqual({
        route: `${method} ${url}`,
        status: 403,
      });
      const anonymous = await context.app.inject({ method: method as 'GET', url: address });
      expect({ route: `${method} ${url}`, status: anonymous.statusCode }).toEqual({
        route: `${method} ${url}`,
        status: 401,
      });
    }
  });
});
