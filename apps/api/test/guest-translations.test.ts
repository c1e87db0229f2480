// Over 300 lines and kept one file: every case reads the one set-up (a Smart club in Italian, English and
// German with a menu, its footer, two dishes and a banner) through the guest page and the translations
// overview.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { banners, clubs } from '../src/db/schema.ts';
import { addTable, type ClubFields, guestMenuUrl, seedOwnerWithClub } from './fixtures.ts';
import { uniqueAddress, uniquePhone, useTestApp } from './helpers.ts';

type Text = {
  kind: string;
  id: number;
  field: string;
  original: string;
  translations: Record<string, string | null>;
};

describe('guests reading in another language', () => {
  const context = useTestApp();

  /** A Smart club in Italian and English with a menu, its footer, a category, two dishes and a banner. */
  const setUp = async (clubFields: ClubFields = {}) => {
    const { club, call } = await seedOwnerWithClub(context, {
      club: {
        name: 'Osteria Blu',
        freeForever: true,
        bannerUpdateEnabled: true,
        menuLanguages: ['en', 'de'],
        ...clubFields,
      },
      acceptLanguage: 'en',
    });
    const table = await addTable(call);
    const menu = (
      await call('POST', '/menu', {
        name: 'Cena',
        footer: 'Coperto 2,50 €',
        sections: [
          {
            name: 'Secondi di pesce',
            items: [
              {
                name: 'Branzino al forno',
                description: 'Con patate',
                priceText: 'Secondo mercato',
                additionalNotes: 'Prodotto fresco',
              },
              { name: 'Fritto misto', price: 18, additionalNotes: 'Surgelato' },
            ],
          },
        ],
      })
    ).json();
    const [banner] = await context.database.db
      .insert(banners)
      .values({
        menuId: menu.id,
        title: 'Aperitivo al tramonto',
        subtitle: 'Ogni venerdì',
        description: 'Spritz e stuzzichini in terrazza',
        price: '10 € a persona',
      })
      .returning();
    const page = (language: string) =>
      context.app.inject({
        method: 'GET',
        url: `${guestMenuUrl(club.id, table.id, menu.id)}?lang=${language}`,
      });
    const overview = async () => (await call('GET', `/menu/${menu.id}/translations`)).json();
    return { club, call, menu, banner: banner as { id: number }, page, overview };
  };

  const find = (texts: Text[], kind: string, field: string, original?: string) => {
    const text = texts.find(
      (candidate) =>
        candidate.kind === kind &&
        candidate.field === field &&
        (original === undefined || candidate.original === original),
    );
    if (!text) throw new Error(`no ${kind} ${field} ${original ?? ''}`);
    return text;
  };

  it('lists the footer, the banner, price texts and notes with the rest, and counts them', async () => {
    const { overview } = await setUp();
    const before = await overview();
    expect(before.translationsEnabled).toBe(true);
    expect(before.texts.map((text: Text) => [text.kind, text.field, text.original])).toEqual([
      ['menu', 'name', 'Cena'],
      ['menu', 'footer', 'Coperto 2,50 €'],
      ['banner', 'title', 'Aperitivo al tramonto'],
      ['banner', 'subtitle', 'Ogni venerdì'],
      ['banner', 'description', 'Spritz e stuzzichini in terrazza'],
      ['banner', 'price', '10 € a persona'],
      ['section', 'name', 'Secondi di pesce'],
      ['item', 'name', 'Branzino al forno'],
      ['item', 'description', 'Con patate'],
      ['item', 'priceText', 'Secondo mercato'],
      ['item', 'additionalNotes', 'Prodotto fresco'],
      ['item', 'name', 'Fritto misto'],
      ['item', 'additionalNotes', 'Surgelato'],
    ]);
    expect(before.progress).toEqual([
      { language: 'en', total: 13, translated: 0 },
      { language: 'de', total: 13, translated: 0 },
    ]);
  });

  it('shows the English texts to English guests and the Italian ones where none is written', async () => {
    const { call, menu, banner, page, overview } = await setUp();
    const texts: Text[] = (await overview()).texts;
    const section = find(texts, 'section', 'name');
    const branzino = find(texts, 'item', 'priceText');
    const fritto = find(texts, 'item', 'additionalNotes', 'Surgelato');
    const saved = await call('PUT', `/menu/${menu.id}/translations`, {
      texts: [
        { kind: 'menu', id: menu.id, field: 'footer', language: 'en', text: 'Cover charge €2.50' },
        { kind: 'banner', id: banner.id, field: 'title', language: 'en', text: 'Sunset aperitif' },
        { kind: 'banner', id: banner.id, field: 'price', language: 'en', text: '€10 per person' },
        { kind: 'section', id: section.id, field: 'name', language: 'en', text: 'Fish mains' },
        { kind: 'item', id: branzino.id, field: 'priceText', language: 'en', text: 'Market price' },
        { kind: 'item', id: branzino.id, field: 'additionalNotes', language: 'en', text: 'Fresh catch' },
        { kind: 'item', id: fritto.id, field: 'additionalNotes', language: 'de', text: 'Tiefgekühlt' },
      ],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().progress).toEqual([
      { language: 'en', total: 13, translated: 6 },
      { language: 'de', total: 13, translated: 1 },
    ]);

    const english = (await page('en')).body;
    expect(english).toContain('<html lang="en"');
    for (const translated of [
      'Cover charge €2.50',
      'Sunset aperitif',
      '€10 per person',
      'Fish mains',
      'Market price',
      'Fresh catch',
    ])
      expect(english).toContain(translated);
    for (const replaced of ['Coperto 2,50 €', 'Aperitivo al tramonto', 'Secondo mercato', 'Prodotto fresco'])
      expect(english).not.toContain(replaced);
    // Texts without an English translation read the original.
    for (const original of ['Ogni venerdì', 'Spritz e stuzzichini in terrazza', 'Con patate', 'Surgelato'])
      expect(english).toContain(original);
    expect(english).not.toContain('Tiefgekühlt');

    const italian = (await page('it')).body;
    for (const original of ['Coperto 2,50 €', 'Aperitivo al tramonto', 'Secondo mercato', 'Prodotto fresco'])
      expect(italian).toContain(original);
    expect(italian).not.toContain('Market price');

    // The owner's menu carries the same translations, and the item form's own fields see them.
    const full = (await call('GET', `/menu/${menu.id}`)).json();
    expect(full.footerTranslations).toEqual({ en: 'Cover charge €2.50' });
    expect(full.banner.translations).toEqual({ en: { title: 'Sunset aperitif', price: '€10 per person' } });
    expect(full.sections[0].items[0].translations.en).toMatchObject({
      translatedPriceText: 'Market price',
      translatedAdditionalNotes: 'Fresh catch',
      originalPriceText: 'Secondo mercato',
    });

    // A blank text removes the translation: the guest reads the original again, the guest page at once.
    const removed = await call('PUT', `/menu/${menu.id}/translations`, {
      texts: [
        { kind: 'item', id: branzino.id, field: 'priceText', language: 'en', text: '  ' },
        { kind: 'menu', id: menu.id, field: 'footer', language: 'en', text: '' },
        { kind: 'banner', id: banner.id, field: 'title', language: 'en', text: null },
      ],
    });
    expect(removed.statusCode).toBe(200);
    const back = (await page('en')).body;
    expect(back).toContain('Secondo mercato');
    expect(back).toContain('Coperto 2,50 €');
    expect(back).toContain('Aperitivo al tramonto');
    expect(back).toContain('€10 per person');
    expect(back).toContain('Fresh catch');
    expect((await call('GET', `/menu/${menu.id}`)).json().banner.translations).toEqual({
      en: { price: '€10 per person' },
    });
  });

  it('keeps translations from guests while the switch is off, and the overview says so', async () => {
    const { call, menu, page, overview } = await setUp();
    const section = find((await overview()).texts, 'section', 'name');
    await call('PUT', `/menu/${menu.id}/translations`, {
      texts: [{ kind: 'section', id: section.id, field: 'name', language: 'en', text: 'Fish mains' }],
    });
    expect((await call('PATCH', '/settings', { translationsEnabled: false })).statusCode).toBe(200);
    expect((await overview()).translationsEnabled).toBe(false);
    const english = (await page('en')).body;
    expect(english).not.toContain('Fish mains');
    expect(english).toContain('Secondi di pesce');
    await call('PATCH', '/settings', { translationsEnabled: true });
    expect((await overview()).translationsEnabled).toBe(true);
    expect((await page('en')).body).toContain('Fish mains');
  });

  it('holds each translation to its original field’s limit and refuses texts of another club', async () => {
    const { call, menu, banner, overview } = await setUp();
    const texts: Text[] = (await overview()).texts;
    const branzino = find(texts, 'item', 'priceText');
    const put = (change: object) =>
      call('PUT', `/menu/${menu.id}/translations`, { texts: [{ language: 'en', ...change }] });

    // A price text holds 45 characters, a note 254, a banner title 100, a footer 400 on several lines.
    const tooLongPrice = await put({
      kind: 'item',
      id: branzino.id,
      field: 'priceText',
      text: 'x'.repeat(46),
    });
    expect(tooLongPrice.statusCode).toBe(400);
    expect(tooLongPrice.json().issues[0].path).toContain('text');
    expect(
      (await put({ kind: 'item', id: branzino.id, field: 'priceText', text: 'x'.repeat(45) })).statusCode,
    ).toBe(200);
    expect(
      (await put({ kind: 'item', id: branzino.id, field: 'additionalNotes', text: 'x'.repeat(255) }))
        .statusCode,
    ).toBe(400);
    expect(
      (await put({ kind: 'banner', id: banner.id, field: 'title', text: 'x'.repeat(101) })).statusCode,
    ).toBe(400);
    // A one-line text refuses a line break; the footer keeps it.
    expect(
      (await put({ kind: 'item', id: branzino.id, field: 'priceText', text: 'Market\nprice' })).statusCode,
    ).toBe(400);
    expect(
      (await put({ kind: 'menu', id: menu.id, field: 'footer', text: `Cover\n${'x'.repeat(390)}` }))
        .statusCode,
    ).toBe(200);
    expect(
      (await put({ kind: 'menu', id: menu.id, field: 'footer', text: 'x'.repeat(401) })).statusCode,
    ).toBe(400);
    // A field the kind has not is refused.
    expect((await put({ kind: 'section', id: branzino.id, field: 'priceText', text: 'x' })).statusCode).toBe(
      400,
    );
    expect((await put({ kind: 'banner', id: banner.id, field: 'footer', text: 'x' })).statusCode).toBe(400);

    // Another club's banner, or a banner of another menu: 404, and nothing of the request is written.
    const other = await setUp();
    const otherPriceText = find((await other.overview()).texts, 'item', 'priceText');
    const refused = await put({ kind: 'banner', id: other.banner.id, field: 'title', text: 'Hijack' });
    expect(refused.statusCode).toBe(404);
    const mixed = await call('PUT', `/menu/${menu.id}/translations`, {
      texts: [
        { kind: 'menu', id: menu.id, field: 'footer', language: 'de', text: 'Gedeck' },
        { kind: 'item', id: otherPriceText.id, field: 'priceText', language: 'de', text: 'x' },
      ],
    });
    expect(mixed.statusCode).toBe(404);
    expect((await call('GET', `/menu/${menu.id}`)).json().footerTranslations.de).toBeUndefined();
    // Another owner reading or writing this menu's translations: 404.
    expect((await other.call('GET', `/menu/${menu.id}/translations`)).statusCode).toBe(404);
    expect(
      (
        await other.call('PUT', `/menu/${menu.id}/translations`, {
          texts: [{ kind: 'menu', id: menu.id, field: 'footer', language: 'en', text: 'Hijack' }],
        })
      ).statusCode,
    ).toBe(404);
  });

  it('starts a new club with translations on', async () => {
    const phone = uniquePhone();
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/v1/clubs',
      remoteAddress: uniqueAddress(),
      payload: {
        club: {
          name: 'Osteria del Ponte',
          seats: 45,
          address: {
            country: 'IT',
            line1: 'Via del Ponte 3',
            postalCode: '37121',
            city: 'Verona',
            state: 'VR',
          },
          brandId: null,
          companyName: 'Ponte srl',
          vatNumber: 'IT00743110157',
        },
        account: {
          name: 'Paolo',
          lastName: 'Neri',
          email: `paolo.${phone}@example.com`,
          phone,
          password: 'Tavolo7$Blu',
          passwordTwo: 'Tavolo7$Blu',
          language: 'it',
        },
      },
    });
    expect(response.statusCode).toBe(201);
    const [club] = await context.database.db
      .select({ translationsEnabled: clubs.translationsEnabled })
      .from(clubs)
      .where(eq(clubs.id, response.json().clubId));
    expect(club?.translationsEnabled).toBe(true);
  });
});
