import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../src/app.ts';
import type { DatabaseHandle } from '../src/db/client.ts';
import {
  newAccountFields,
  openTestDatabase,
  seedOwner,
  TEST_APP_SECRET,
  testConfig,
  uniqueAddress,
  useTestApp,
} from './helpers.ts';
import { english, hostileClient } from './hostile-fixtures.ts';

// Answers an outside fuzzing run found: hostile input must be refused as the caller's mistake (4xx in
// the documented shape), never crash the server (5xx) nor fall through to the owner app's page.
// Here: text the database cannot store (NUL, control characters, lone surrogates), refused by the schemas,
// and the database's own refusals (NUL, an integer out of range, not a number) when a schema misses one.

describe('hostile input', () => {
  const context = useTestApp();
  const { call, ownerWithTable } = hostileClient(context);

  describe('text that cannot be stored', () => {
    it.each(['Lu\u0000cia', 'Lu\u0007cia', 'Lu\ncia', 'Lu\ud800cia', '\udc00'])(
      'refuses the name %j at sign-up with the message in both languages',
      async (name) => {
        const payload = newAccountFields({ name });
        const response = await context.app.inject({
          method: 'POST',
          url: '/api/v1/users',
          headers: english,
          remoteAddress: uniqueAddress(),
          payload,
        });
        expect(response.statusCode).toBe(400);
        expect(response.json().issues).toEqual([
          {
            path: 'body.name',
            key: 'validation.characters',
            message: 'Contains characters that are not allowed',
          },
        ]);
        const italian = await context.app.inject({
          method: 'POST',
          url: '/api/v1/users',
          remoteAddress: uniqueAddress(),
          payload,
        });
        expect(italian.json().issues[0].message).toBe('Contiene caratteri non ammessi');
      },
    );

    it('refuses a NUL in a new club signed up without a token', async () => {
      const response = await context.app.inject({
        method: 'POST',
        url: '/api/v1/clubs',
        headers: english,
        remoteAddress: uniqueAddress(),
        payload: {
          club: {
            name: 'Bar\u0000',
            seats: 10,
            address: { country: 'IT', line1: 'Via Roma 2', postalCode: '20121', city: 'Milano\u0000' },
            companyName: 'Bar srl',
            vatNumber: 'IT00743110157',
            website: 'https://bar.example.com/\u0000',
          },
          account: newAccountFields(),
        },
      });
      expect(response.statusCode).toBe(400);
      const paths = response.json().issues.map((issue: { path: string }) => issue.path);
      expect(paths).toEqual(
        expect.arrayContaining(['body.club.name', 'body.club.address.city', 'body.club.website']),
      );
    });

    it('refuses a NUL in a zone name and in a range of tables', async () => {
      const { owner, club } = await ownerWithTable();
      const zone = await call('POST', `/api/v1/clubs/${club.id}/zones`, {
        authorization: owner.authorization,
        payload: { name: 'Terrazza\u0000' },
      });
      expect(zone.statusCode).toBe(400);
      expect(zone.json().issues).toEqual([
        {
          path: 'body.name',
          key: 'validation.characters',
          message: 'Contains characters that are not allowed',
        },
      ]);
      const range = await call('PUT', `/api/v1/clubs/${club.id}/tables`, {
        authorization: owner.authorization,
        payload: { range: { prefix: 'T\u0000', from: 1, to: 3 } },
      });
      expect(range.statusCode).toBe(400);
      expect(range.json().issues[0]).toMatchObject({
        path: 'body.range.prefix',
        key: 'validation.characters',
      });
    });

    it('refuses a lone surrogate in a translation, keeps line breaks in a description', async () => {
      const { owner, club } = await ownerWithTable();
      const item = (fields: Record<string, unknown>) => ({ name: 'Risotto', price: 12, ...fields });
      const refused = await call('POST', `/api/v1/clubs/${club.id}/menu`, {
        authorization: owner.authorization,
        payload: {
          name: 'Cena',
          sections: [
            { name: 'Primi', items: [item({ translations: { en: { translatedName: 'Ris\ud800' } } })] },
          ],
        },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().issues).toEqual([
        {
          path: 'body.sections.0.items.0.translations.en.translatedName',
          key: 'validation.characters',
          message: 'Contains characters that are not allowed',
        },
      ]);
      const accepted = await call('POST', `/api/v1/clubs/${club.id}/menu`, {
        authorization: owner.authorization,
        payload: {
          name: 'Cena',
          footer: 'Coperto 2 €\nServizio incluso',
          sections: [{ name: 'Primi', items: [item({ description: 'Riso\tcarnaroli\nmantecato 😀' })] }],
        },
      });
      expect(accepted.statusCode).toBe(201);
      expect(accepted.json().sections[0].items[0].description).toBe('Riso\tcarnaroli\nmantecato 😀');
    });

    it('refuses a lone surrogate in a brand name and in a club message', async () => {
      const admin = await seedOwner(context.database, { isAdmin: true });
      const { club } = await ownerWithTable();
      const brand = await call('POST', '/api/v1/admin/brands', {
        authorization: admin.authorization,
        payload: { name: 'Birra\ud800' },
      });
      expect(brand.statusCode).toBe(400);
      expect(brand.json().issues[0]).toMatchObject({ path: 'body.name', key: 'validation.characters' });
      const message = await call('PUT', `/api/v1/admin/clubs/${club.id}/message`, {
        authorization: admin.authorization,
        payload: { severity: 1, summary: 'Avviso', fullMessage: 'Riga uno\nRiga due \udfff' },
      });
      expect(message.statusCode).toBe(400);
      expect(message.json().issues[0]).toMatchObject({
        path: 'body.fullMessage',
        key: 'validation.characters',
      });
      const multiline = await call('PUT', `/api/v1/admin/clubs/${club.id}/message`, {
        authorization: admin.authorization,
        payload: { severity: 1, summary: 'Avviso', fullMessage: 'Riga uno\nRiga due' },
      });
      expect(multiline.statusCode).toBe(200);
    });
  });
});

describe('database refusals of the input', () => {
  // A value the schemas missed reaches PostgreSQL: a probe route shows it answers 400, not 500.
  let app: App;
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
    app = await buildApp({ config: testConfig(), database, appSecret: TEST_APP_SECRET, logger: false });
    app.get('/api/v1/probe/nul', async () => app.db.execute(sql`select ${'a\u0000b'}::text as value`));
    app.get('/api/v1/probe/overflow', async () =>
      app.db.execute(sql`select ${'2147483648'}::integer as value`),
    );
    app.get('/api/v1/probe/not-a-number', async () => app.db.execute(sql`select ${'abc'}::integer as value`));
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it.each(['nul', 'overflow', 'not-a-number'])(
    'answers the %s refusal with 400 VALIDATION_ERROR',
    async (probe) => {
      const response = await app.inject({ method: 'GET', url: `/api/v1/probe/${probe}`, headers: english });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        status: 400,
        code: 'VALIDATION_ERROR',
        message: 'Some fields are not valid',
      });
    },
  );
});
