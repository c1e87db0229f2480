import { describe, expect, it } from 'vitest';
import { seedClub, seedOwner, useTestApp } from './helpers.ts';

/**
 * Walks the server's own route table: every route under /api/v1/clubs/{clubId} must answer 401 without
 * a token and 404 to an owner who does not own the club, whatever else the request says. A route added
 * later is walked too, so it fails here until it is placed inside clubScope.
 */
describe('tenant isolation', () => {
  const context = useTestApp();
  const CLUB_PREFIX = '/api/v1/clubs/:clubId';

  const clubRoutes = () =>
    context.app.routeTable.filter(({ url }) => url === CLUB_PREFIX || url.startsWith(`${CLUB_PREFIX}/`));

  /** A concrete address: the club's id, and a plausible value for any other parameter. */
  const fill = (url: string, clubId: number) =>
    url
      .replace(':clubId', String(clubId))
      .replace(/:uploadId/g, `logo-${'a'.repeat(32)}`)
      .replace(/:(\w+)/g, '1');

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

  it('answers 404 to another owner and 401 without a token, on every route', async () => {
    const owner = await seedOwner(context.database);
    const stranger = await seedOwner(context.database);
    const club = await seedClub(context.database, owner.account.id);
    const routes = clubRoutes().filter(({ config }) => !config.isPublic);
    expect(routes.length).toBeGreaterThanOrEqual(4);

    for (const { method, url } of routes) {
      const address = fill(url, club.id);
      const payload = method === 'GET' || method === 'DELETE' ? undefined : { name: 'x', enabled: false };
      const asStranger = await context.app.inject({
        method: method as 'GET',
        url: address,
        headers: { authorization: stranger.authorization },
        ...(payload ? { payload } : {}),
      });
      expect({
        route: `${method} ${url}`,
        status: asStranger.statusCode,
        code: asStranger.json().code,
      }).toEqual({
        route: `${method} ${url}`,
        status: 404,
        code: 'NOT_FOUND',
      });
      const anonymous = await context.app.inject({
        method: method as 'GET',
        url: address,
        ...(payload ? { payload } : {}),
      });
      expect({ route: `${method} ${url}`, status: anonymous.statusCode }).toEqual({
        route: `${method} ${url}`,
        status: 401,
      });
    }

    // The same requests by the owner are not refused for ownership: the check is not a blanket 404.
    const asOwner = await context.app.inject({
      method: 'GET',
      url: `/api/v1/clubs/${club.id}`,
      headers: { authorization: owner.authorization },
    });
    expect(asOwner.statusCode).toBe(200);
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
    'GET /api/v1/clubs/activate',
    'GET /api/v1/config',
    'GET /api/v1/countries',
    'GET /api/v1/countries/:countryIsoCode/states',
    'GET /api/v1/countries/:countryIsoCode/cities',
    'GET /api/v1/countries/:countryIsoCode/states/:stateIsoCode/cities',
    'GET /api/v1/health',
    'GET /api/v1/openapi.json',
    'GET /api/v1/users/activate',
    'GET /files/*',
    'GET /public/assets/:name',
    'GET /public/fonts.css',
    'GET /public/fonts/:name',
    'GET /public/menu/:clubId/:tableId/:menuId',
    'GET /public/menu/:clubId/:tableId/:menuId/pdf',
    'GET /public/qrcodemenu/:clubId/:tableId',
    'GET /public/sw.js',
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
