// Over 300 lines and kept one file: every case, the one without a key too, uses the database and fake DeepL
// server started for the file and the club with a menu to translate (`clubWithMenu`).
import { TRANSLATION_ALLOWANCE } from '@carta/contract/plan-features';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../src/app.ts';
import { translationUsage } from '../src/db/schema.ts';
import { createMemoryMailer } from '../src/lib/mailer.ts';
import { type FakeDeepl, startFakeDeepl } from './fake-deepl.ts';
import { type ClubCall, type Harness, seedMember, seedOwnerWithClub } from './fixtures.ts';
import { openTestDatabase, TEST_APP_SECRET, testConfig } from './helpers.ts';

// Suggested translations (docs/product.md, Translations; docs/decisions/0088): the app configured with
// DEEPL_API_KEY and DEEPL_SERVER_URL pointing at the local fake of DeepL's API (./fake-deepl.ts), whose
// translation is "[EN-GB] " and capitals, leaving the kept names alone.

const month = (date = new Date()) => date.toISOString().slice(0, 7);

describe('suggested translations', () => {
  const context = {} as Harness & { fake: FakeDeepl };
  beforeAll(async () => {
    context.fake = await startFakeDeepl();
    context.database = await openTestDatabase();
    context.app = await buildApp({
      config: testConfig({ DEEPL_API_KEY: context.fake.authKey, DEEPL_SERVER_URL: context.fake.url }),
      database: context.database,
      appSecret: TEST_APP_SECRET,
      mailer: createMemoryMailer(),
      isRunningJobs: false,
      logger: false,
    });
    await context.app.ready();
  });
  afterAll(async () => {
    await context.app?.close();
    await context.database?.close();
    await context.fake?.close();
  });
  const fake = () => context.fake;
  beforeEach(() => fake().reset());

  /** A club translated into English and German with one menu: its texts and their ids. */
  const clubWithMenu = async (club: { freeForever?: boolean } = {}, acceptLanguage = 'en') => {
    const owner = await seedOwnerWithClub(context, { club, acceptLanguage });
    await owner.call('PATCH', '', { menuLanguages: ['it', 'en', 'de'] });
    const menu = (
      await owner.call('POST', '/menu', {
        name: 'Cena',
        nameTranslations: { en: 'Dinner' },
        footer: 'Coperto 2 €\nServizio incluso',
        sections: [
          {
            name: 'Primi',
            items: [
              {
                name: 'Spaghetti alla Nerano',
                description: 'Zucchine fritte e provolone del Monaco, come la Pizza Nerano',
                price: 14,
              },
              { name: 'Pizza Nerano', translateName: false, description: 'Zucchine e basilico', price: 12 },
              {
                name: 'Carbonara',
                description: 'Guanciale, uovo, pecorino',
                price: 13,
                translations: { en: { translatedDescription: 'Cured pork cheek, egg, pecorino' } },
              },
            ],
          },
        ],
      })
    ).json();
    const overview = (await owner.call('GET', `/menu/${menu.id}/translations`)).json();
    return { ...owner, menu, overview };
  };

  const suggest = (call: ClubCall, menuId: number, language = 'en') =>
    call('POST', `/menu/${menuId}/translation-suggestions`, { language });

  it('says in the public configuration that suggestions are on', async () => {
    expect((await context.app.inject({ url: '/api/v1/config' })).json().translationSuggestions).toBe(true);
  });

  it('suggests only the texts with no translation, keyed as the overview, the glossary kept', async () => {
    const { call, menu, overview } = await clubWithMenu();
    const answer = await suggest(call, menu.id);
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    const idOf = (original: string) =>
      overview.texts.find((text: { original: string }) => text.original === original).id;
    expect(body.suggestions).toEqual([
      // The menu's name has an English translation, Carbonara's description too: neither comes.
      { kind: 'menu', id: menu.id, field: 'footer', text: '[EN-GB] COPERTO 2 €\n[EN-GB] SERVIZIO INCLUSO' },
      { kind: 'section', id: idOf('Primi'), field: 'name', text: '[EN-GB] PRIMI' },
      {
        kind: 'item',
        id: idOf('Spaghetti alla Nerano'),
        field: 'name',
        text: '[EN-GB] SPAGHETTI ALLA NERANO',
      },
      {
        kind: 'item',
        id: idOf('Spaghetti alla Nerano'),
        field: 'description',
        // "Pizza Nerano" is a dish whose name is not translated: kept as it is inside another text.
        text: '[EN-GB] ZUCCHINE FRITTE E PROVOLONE DEL MONACO, COME LA Pizza Nerano',
      },
      {
        kind: 'item',
        id: idOf('Zucchine e basilico'),
        field: 'description',
        text: '[EN-GB] ZUCCHINE E BASILICO',
      },
      { kind: 'item', id: idOf('Carbonara'), field: 'name', text: '[EN-GB] CARBONARA' },
    ]);
    expect(body.leftOut).toBe(0);
    // The name not to translate never travels on its own.
    expect(fake().translatedTexts()).not.toContain('Pizza Nerano');
    expect(fake().translatedTexts()).toContain(
      'Zucchine fritte e provolone del Monaco, come la <keep>Pizza Nerano</keep>',
    );
    // Nothing saved: the overview reads as before.
    expect((await call('GET', `/menu/${menu.id}/translations`)).json()).toEqual(overview);
  });

  it('counts the characters sent in the club’s month, once per request', async () => {
    const { call, club, menu, overview } = await clubWithMenu();
    expect((await call('GET', '/translation-suggestions/usage')).json()).toEqual({
      month: month(),
      used: 0,
      allowance: TRANSLATION_ALLOWANCE.free,
    });
    const missing = overview.texts.filter(
      (text: { translations: { de: string | null } }) => !text.translations.de,
    );
    const characters = missing.reduce(
      (sum: number, text: { original: string }) => sum + [...text.original].length,
      0,
    );
    const body = (await suggest(call, menu.id, 'de')).json();
    expect(body.usage).toEqual({ month: month(), used: characters, allowance: TRANSLATION_ALLOWANCE.free });
    expect(body.suggestions).toHaveLength(missing.length);
    expect(body.suggestions[0].text).toMatch(/^\[DE\] /);
    const rows = await context.database.db
      .select()
      .from(translationUsage)
      .where(eq(translationUsage.clubId, club.id));
    expect(rows).toEqual([{ clubId: club.id, month: month(), characters, requests: 1 }]);

    // Saved, the texts have a translation: nothing more to suggest, nothing sent, nothing counted.
    const saved = await call('PUT', `/menu/${menu.id}/translations`, {
      texts: body.suggestions.map((suggestion: object) => ({ ...suggestion, language: 'de' })),
    });
    expect(saved.statusCode).toBe(200);
    fake().reset();
    const again = (await suggest(call, menu.id, 'de')).json();
    expect(again).toMatchObject({ suggestions: [], leftOut: 0, usage: { used: characters } });
    expect(fake().requests).toEqual([]);
  });

  it('gives a Smart club a larger allowance than a Free one', async () => {
    const { call } = await clubWithMenu({ freeForever: true });
    expect((await call('GET', '/translation-suggestions/usage')).json().allowance).toBe(
      TRANSLATION_ALLOWANCE.smart,
    );
    expect(TRANSLATION_ALLOWANCE.smart).toBeGreaterThan(TRANSLATION_ALLOWANCE.free);
  });

  it('suggests what fits in what is left of the month, then refuses with a clear message', async () => {
    const { call, club, menu } = await clubWithMenu({}, 'it');
    const previous = new Date();
    previous.setUTCDate(1);
    previous.setUTCMonth(previous.getUTCMonth() - 1);
    // Last month's use does not count; this month's leaves room for the footer alone (28 characters).
    await context.database.db.insert(translationUsage).values([
      { clubId: club.id, month: month(previous), characters: TRANSLATION_ALLOWANCE.free, requests: 9 },
      { clubId: club.id, month: month(), characters: TRANSLATION_ALLOWANCE.free - 30, requests: 3 },
    ]);
    const partial = (await suggest(call, menu.id)).json();
    expect(partial.suggestions.map((suggestion: { field: string }) => suggestion.field)).toEqual(['footer']);
    expect(partial.leftOut).toBe(5);
    expect(partial.usage.used).toBe(TRANSLATION_ALLOWANCE.free - 2);

    const refused = await suggest(call, menu.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'TRANSLATION_ALLOWANCE_USED',
      message: expect.stringContaining('Hai usato le traduzioni suggerite di questo mese'),
    });
    const [row] = await context.database.db
      .select()
      .from(translationUsage)
      .where(and(eq(translationUsage.clubId, club.id), eq(translationUsage.month, month())));
    expect(row).toMatchObject({ characters: TRANSLATION_ALLOWANCE.free - 2, requests: 4 });
  });

  it('lets only one of two requests at once spend the last of the allowance', async () => {
    const { call, club, menu, overview } = await clubWithMenu();
    const missing = overview.texts.filter(
      (text: { translations: { en: string | null } }) => !text.translations.en,
    );
    const characters = missing.reduce(
      (sum: number, text: { original: string }) => sum + [...text.original].length,
      0,
    );
    await context.database.db.insert(translationUsage).values({
      clubId: club.id,
      month: month(),
      characters: TRANSLATION_ALLOWANCE.free - characters,
      requests: 1,
    });
    const answers = await Promise.all([suggest(call, menu.id), suggest(call, menu.id)]);
    expect(answers.map((answer) => answer.statusCode).toSorted()).toEqual([200, 403]);
  });

  it.each([
    [456, 'its quota is used up'],
    [429, 'it is busy'],
    [500, 'it fails'],
  ] as const)('answers 503 and counts nothing when DeepL answers %i (%s)', async (status, _why) => {
    const { call, club, menu } = await clubWithMenu();
    fake().failWith(status);
    const answer = await suggest(call, menu.id);
    expect(answer.statusCode).toBe(503);
    expect(answer.json().code).toBe('TRANSLATION_PROVIDER_UNAVAILABLE');
    expect(answer.headers['retry-after']).toBe('60');
    const rows = await context.database.db
      .select()
      .from(translationUsage)
      .where(eq(translationUsage.clubId, club.id));
    expect(rows).toEqual([{ clubId: club.id, month: month(), characters: 0, requests: 0 }]);
  });

  it('refuses the original language and a language the club does not translate into', async () => {
    const { call, menu } = await clubWithMenu();
    for (const language of ['it', 'fr', 'xx']) {
      const answer = await suggest(call, menu.id, language);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().issues).toEqual([expect.objectContaining({ path: 'body.language' })]);
    }
    expect(fake().requests).toEqual([]);
  });

  it('answers 404 for another club and another club’s menu', async () => {
    const mine = await clubWithMenu();
    const theirs = await clubWithMenu();
    expect((await suggest(mine.call, theirs.menu.id)).statusCode).toBe(404);
    const other = await context.app.inject({
      method: 'POST',
      url: `/api/v1/clubs/${theirs.club.id}/menu/${theirs.menu.id}/translation-suggestions`,
      headers: mine.headers,
      payload: { language: 'en' },
    });
    expect(other.statusCode).toBe(404);
    const usage = await context.app.inject({
      url: `/api/v1/clubs/${theirs.club.id}/translation-suggestions/usage`,
      headers: mine.headers,
    });
    expect(usage.statusCode).toBe(404);
    expect(fake().requests).toEqual([]);
  });

  it('lets a manager ask, and refuses staff with 403 before anything is sent', async () => {
    const { club, menu } = await clubWithMenu();
    const manager = await seedMember(context, club.id, 'manager');
    expect((await suggest(manager.call, menu.id)).statusCode).toBe(200);
    fake().reset();
    const staff = await seedMember(context, club.id, 'staff');
    for (const answer of [
      await suggest(staff.call, menu.id),
      await staff.call('GET', '/translation-suggestions/usage'),
    ]) {
      expect(answer.statusCode).toBe(403);
      expect(answer.json().code).toBe('ROLE_NOT_ALLOWED');
    }
    expect(fake().requests).toEqual([]);
  });

  it('limits the requests of one club', async () => {
    const { call, menu } = await clubWithMenu();
    await call('PUT', `/menu/${menu.id}/translations`, {
      texts: (await suggest(call, menu.id)).json().suggestions.map((suggestion: object) => ({
        ...suggestion,
        language: 'en',
      })),
    });
    const statuses: number[] = [];
    for (let index = 0; index < 20; index += 1) statuses.push((await suggest(call, menu.id)).statusCode);
    expect(statuses.at(-2)).toBe(200);
    const limited = await suggest(call, menu.id);
    expect(statuses.at(-1)).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  describe('without DEEPL_API_KEY', () => {
    let off: App;
    beforeAll(async () => {
      off = await buildApp({
        config: testConfig(),
        database: context.database,
        appSecret: TEST_APP_SECRET,
        logger: false,
        isRunningJobs: false,
      });
      await off.ready();
    });
    afterAll(async () => {
      await off?.close();
    });

    it('is off: the configuration says so and the routes answer TRANSLATION_SUGGESTIONS_OFF', async () => {
      const { headers, club, menu } = await clubWithMenu();
      expect((await off.inject({ url: '/api/v1/config' })).json().translationSuggestions).toBe(false);
      for (const request of [
        {
          method: 'POST' as const,
          url: `menu/${menu.id}/translation-suggestions`,
          payload: { language: 'en' },
        },
        { method: 'GET' as const, url: 'translation-suggestions/usage' },
      ]) {
        const answer = await off.inject({
          ...request,
          url: `/api/v1/clubs/${club.id}/${request.url}`,
          headers,
        });
        expect(answer.statusCode).toBe(409);
        expect(answer.json().code).toBe('TRANSLATION_SUGGESTIONS_OFF');
      }
    });
  });
});
