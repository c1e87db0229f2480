// Over 300 lines and kept one file: every case prints the one set-up (a Smart club with its own print theme
// and the demo dinner with hidden rows) and reads it back with the pdfjs helpers defined here.
import { createRequire } from 'node:module';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import { formatItemPrice } from '@carta/contract/format-price';
import { guestMenuPdfPath, isGuestPagePath } from '@carta/contract/guest-paths';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DEMO_DINNER } from '../scripts/demo-menu.ts';
import { clubs, themes } from '../src/db/schema.ts';
import { type PdfMenu, renderMenuPdf } from '../src/features/menu-pdf/pdf-document.ts';
import { addTable, type ClubFields, finishUpload, seedOwnerWithClub } from './fixtures.ts';
import { demoDinnerSections, seedOwner, uniqueAddress, useTestApp } from './helpers.ts';
import { seedSubscription } from './seed-subscription.ts';

// The printed menu (issue 14): read back with pdfjs, as a person reading the printout would.

const COLOURS = { pdfText: '#123456', pdfSectionTitle: '#a01b2c', pdfHighlight: '#0b7a3e' };

/** The demo's 80-dish dinner, with one hidden category and two hidden dishes added. */
const dinner = () => ({
  name: 'Cena d’autunno',
  footer: 'Coperto 2,50 €',
  sections: [
    // Two dishes hidden among the visible ones, in the first two categories.
    ...demoDinnerSections().map((section, sectionIndex) => ({
      ...section,
      items: [
        ...section.items,
        ...(sectionIndex < 2 ? [{ name: `Piatto nascosto ${sectionIndex}`, price: 99, disabled: true }] : []),
      ],
    })),
    { name: 'Categoria segreta', disabled: true, items: [{ name: 'Piatto segreto', price: 77 }] },
  ],
});

/** pdfjs reads the built-in fonts' metrics from its own files. */
const STANDARD_FONTS = `${path.join(
  path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')),
  'standard_fonts',
)}/`;

const plain = (text: string) => text.replace(/[\s\u00a0]+/g, ' ').trim();

type PdfText = { pages: string[]; items: string[][]; numPages: number };

/** Each page's text, whitespace made plain, in reading order. */
const readPdf = async (bytes: Buffer): Promise<PdfText> => {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await pdfjs.getDocument({
    data: new Uint8Array(bytes),
    standardFontDataUrl: STANDARD_FONTS,
    useSystemFonts: false,
  }).promise;
  const pages: string[] = [];
  const items: string[][] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const content = await (await document.getPage(number)).getTextContent();
    const texts = content.items.map((item) => ('str' in item ? item.str : ''));
    items.push(texts.map(plain));
    const text = texts.join(' ');
    pages.push(text.replace(/[\s\u00a0]+/g, ' '));
  }
  await document.destroy();
  return { pages, items, numPages: document.numPages };
};

/** The content streams, inflated: where the colour operators are. */
const contentStreams = (bytes: Buffer) => {
  const text = bytes.toString('latin1');
  const streams: string[] = [];
  for (const match of text.matchAll(/stream\r?\n/g)) {
    const start = (match.index ?? 0) + match[0].length;
    const end = text.indexOf('endstream', start);
    try {
      streams.push(inflateSync(bytes.subarray(start, end)).toString('latin1'));
    } catch {
      streams.push(text.slice(start, end));
    }
  }
  return streams.join('\n');
};

/** pdfkit's fill colour for a hex colour: "r g b scn" in the RGB colour space. */
const fillOperator = (hex: string) =>
  `${[1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16) / 255).join(' ')} scn`;

describe('menu PDF', () => {
  const context = useTestApp();

  const setUp = async (clubFields: ClubFields = {}) => {
    const { owner, club, headers, call } = await seedOwnerWithClub(context, {
      club: {
        name: 'Osteria Blu',
        freeForever: true,
        translationsEnabled: true,
        menuLanguages: ['en'],
        displayPhone: '+39 02 123456',
        displayEmail: 'ciao@osteriablu.it',
        ...clubFields,
      },
      acceptLanguage: 'it',
    });
    const [theme] = await context.database.db
      .insert(themes)
      .values({
        clubId: club.id,
        name: 'Stampa',
        background: '#ffffff',
        bestSellerLabelColor: '#9a3412',
        suggestedLabelColor: '#166534',
        buttonText: '#ffffff',
        divider: '#dddddd',
        font: 'Lora',
        main: '#7a1f3d',
        text: '#222222',
        tabBackground: '#7a1f3d',
        tabText: '#ffffff',
        ...COLOURS,
      })
      .returning();
    await context.database.db
      .update(clubs)
      .set({ themeId: theme?.id ?? null })
      .where(eq(clubs.id, club.id));
    const created = await call('POST', '/menu', dinner());
    expect(created.statusCode).toBe(201);
    const menu = created.json() as { id: number };
    const pdf = (query = '', extra: Record<string, string> = {}) =>
      context.app.inject({
        method: 'GET',
        url: `/api/v1/clubs/${club.id}/menu/${menu.id}/pdf${query}`,
        headers: { ...headers, ...extra },
      });
    return { owner, club, menu, call, pdf };
  };

  it('prints every visible dish with its price, no hidden one, numbered pages, in the theme colours', async () => {
    const { pdf } = await setUp();
    const response = await pdf();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="Cena-d-autunno.pdf"');
    expect(response.headers.etag).toMatch(/^"[\w-]+"$/);
    const { pages, numPages } = await readPdf(response.rawPayload);
    const all = pages.join(' ');

    for (const section of DEMO_DINNER) {
      expect(all).toContain(section.name);
      for (const [name, , description, , price] of section.dishes) {
        expect(all, name).toContain(plain(name));
        expect(all, description).toContain(plain(description));
        const shown = formatItemPrice(
          typeof price === 'number' ? { price, priceText: null } : { price: null, priceText: price },
          { language: 'it' },
        );
        expect(all, `${name}: ${shown}`).toContain(plain(shown));
      }
    }
    expect(all).not.toContain('Piatto nascosto');
    expect(all).not.toContain('Piatto segreto');
    expect(all).not.toContain('Categoria segreta');
    // The header, the legend, the footer and the contacts.
    expect(pages[0]).toContain('OSTERIA BLU');
    expect(pages[0]).toContain('Cena d’autunno');
    expect(all).toContain('14 Molluschi');
    expect(all).toContain('Coperto 2,50 €');
    expect(all).toContain('+39 02 123456');

    // Eighty dishes do not fit on one page; every page says which of how many it is.
    expect(numPages).toBeGreaterThan(1);
    for (const [index, text] of pages.entries()) expect(text).toContain(`${index + 1} / ${numPages}`);

    const streams = contentStreams(response.rawPayload);
    for (const colour of Object.values(COLOURS)) expect(streams).toContain(fillOperator(colour));
    // In the theme's font (Lora), embedded: a subset's name is a six-letter tag, "+", the font's name.
    const fontNames = [
      ...response.rawPayload.toString('latin1').matchAll(/\/BaseFont \/[A-Z]{6}\+([\w-]+)/g),
    ].map((match) => match[1]);
    expect(fontNames).toEqual(expect.arrayContaining(['Lora-Regular', 'Lora-Bold']));
    expect(fontNames.every((name) => name?.startsWith('Lora-'))).toBe(true);
  });

  it('moves a category title that would end a page to the next one, with its first dish', async () => {
    const dish = (name: string): PdfMenu['menu']['sections'][number]['items'][number] => ({
      id: 0,
      name,
      description: 'Pomodoro, basilico, olio extravergine',
      ingredients: null,
      price: 9,
      priceText: null,
      position: 0,
      allergens: [],
      bestSeller: false,
      suggested: false,
      outOfStock: false,
      translateName: true,
      additionalNotes: null,
      branded: false,
      photo: null,
      translations: {},
      variants: [],
    });
    let moved = 0;
    // However many dishes come before it, the second title shares its page with its first dish.
    for (let count = 10; count <= 40; count += 1) {
      const menu: PdfMenu['menu'] = {
        name: 'Prova',
        nameTranslations: {},
        footer: null,
        footerTranslations: {},
        menuLabelEnabled: true,
        theme: null,
        clubAddress: null,
        clubDisplayEmail: null,
        clubDisplayPhone: null,
        clubFacebook: null,
        clubInstagram: null,
        clubWebsite: null,
        clubWhatsapp: null,
        sections: [
          { id: 1, name: 'Pizze', position: 0, disabled: false, translations: {}, items: [] },
          { id: 2, name: 'Dolci', position: 1, disabled: false, translations: {}, items: [dish('Tiramisù')] },
        ],
      };
      menu.sections[0]?.items.push(
        ...Array.from({ length: count }, (_, index) => dish(`Pizza ${index + 1}`)),
      );
      const bytes = await renderMenuPdf({ clubName: 'Bar', menu, language: 'it', logo: null });
      const { items, pages } = await readPdf(bytes);
      const titlePage = items.findIndex((texts) => texts.includes('Dolci'));
      expect(pages[titlePage], `${count} pizzas`).toContain('Tiramisù');
      const lastPizzaPage = pages.findIndex((text) => text.includes(`Pizza ${count} `));
      if (titlePage > lastPizzaPage) moved += 1;
    }
    // Some of those counts left room for the title but not its dish: the rule was put to work.
    expect(moved).toBeGreaterThan(0);
  });

  it('prints the translations in the language asked, and refuses one the menu does not have', async () => {
    const { pdf } = await setUp();
    const english = await readPdf((await pdf('?lang=en')).rawPayload);
    const all = english.pages.join(' ');
    expect(all).toContain('Starters');
    expect(all).toContain('Cured meats and cheese board');
    expect(all).toContain('Raw ham, salami, pecorino, honey');
    expect(all).not.toContain('Tagliere di salumi e formaggi');
    expect(all).toContain('Allergens');
    expect(all).toContain('€14.00');
    const german = await pdf('?lang=de');
    expect(german.statusCode).toBe(400);
    expect(german.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
  });

  it('answers 304 to a browser whose copy is current, and a new version after a change', async () => {
    const { pdf, call, menu } = await setUp();
    const first = await pdf();
    const etag = String(first.headers.etag);
    const again = await pdf('', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    // Another language is another file.
    expect((await pdf('?lang=en', { 'if-none-match': etag })).statusCode).toBe(200);

    const full = (await call('GET', `/menu/${menu.id}`)).json();
    const renamed = await call('PUT', '/menu', { id: menu.id, name: 'Cena d’inverno', footer: full.footer });
    expect(renamed.statusCode).toBe(200);
    const changed = await pdf('', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect((await readPdf(changed.rawPayload)).pages[0]).toContain('Cena d’inverno');
  });

  it('is Smart only, and only for the owner of the club and the menu', async () => {
    const free = await setUp({ freeForever: false });
    const refused = await free.pdf();
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'SMART_PLAN_REQUIRED' });

    const smart = await setUp();
    const stranger = await seedOwner(context.database);
    const foreign = await context.app.inject({
      method: 'GET',
      url: `/api/v1/clubs/${smart.club.id}/menu/${smart.menu.id}/pdf`,
      headers: { authorization: stranger.authorization },
    });
    expect(foreign.statusCode).toBe(404);
    // The owner's own club, another club's menu.
    const otherMenu = await context.app.inject({
      method: 'GET',
      url: `/api/v1/clubs/${smart.club.id}/menu/${free.menu.id}/pdf`,
      headers: { authorization: smart.owner.authorization },
    });
    expect(otherMenu.statusCode).toBe(404);
    const anonymous = await context.app.inject({
      method: 'GET',
      url: `/api/v1/clubs/${smart.club.id}/menu/${smart.menu.id}/pdf`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('prints the club logo when it has one', async () => {
    const { pdf, club, owner, call } = await setUp();
    const logo = await sharp({
      create: { width: 400, height: 400, channels: 3, background: { r: 20, g: 120, b: 200 } },
    })
      .png()
      .toBuffer();
    const headers = { authorization: owner.authorization };
    const ticket = await call('POST', '/uploads', { purpose: 'logo', contentType: 'image/png' });
    const image = (await finishUpload(context.app, call, ticket, logo, 'image/png')).complete.json();
    const before = (await pdf()).rawPayload;
    expect(before.toString('latin1')).not.toContain('/Subtype /Image');
    const patched = await context.app.inject({
      method: 'PATCH',
      url: `/api/v1/clubs/${club.id}`,
      headers,
      payload: { logo: image.key },
    });
    expect(patched.statusCode).toBe(200);
    const after = (await pdf()).rawPayload;
    expect(after.toString('latin1')).toContain('/Subtype /Image');
  });

  it('gives guests the PDF of the menu their table shows, only when the club offers it', async () => {
    const { club, call, menu } = await setUp();
    const table = await addTable(call);
    const address = uniqueAddress();
    const guest = (path: string, headers: Record<string, string> = {}) =>
      context.app.inject({ method: 'GET', url: path, remoteAddress: address, headers });
    const pagePath = `/public/menu/${club.id}/${table.id}/${menu.id}`;
    const pdfPath = guestMenuPdfPath(club.id, table.id, menu.id);
    expect(pdfPath).toBe(`${pagePath}/pdf`);
    // The service worker keeps copies of pages, not of PDFs.
    expect(isGuestPagePath(pdfPath)).toBe(false);

    expect((await guest(`${pdfPath}?lang=it`)).statusCode).toBe(404);
    expect((await guest(`${pagePath}?lang=it`)).body).not.toContain('Scarica il PDF');

    expect((await call('PATCH', '/settings', { pdfMenuEnabled: true })).statusCode).toBe(200);
    const page = await guest(`${pagePath}?lang=it`);
    expect(page.body).toContain(`href="${pdfPath}?lang=it"`);
    expect(page.body).toContain('Scarica il PDF');
    expect((await guest(`${pagePath}?lang=en`)).body).toContain('Download PDF');

    const answer = await guest(`${pdfPath}?lang=en`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(answer.headers['cache-control']).toContain('public');
    const text = (await readPdf(answer.rawPayload)).pages.join(' ');
    expect(text).toContain('Cured meats and cheese board');
    expect(text).not.toContain('Piatto segreto');
    const revalidated = await guest(`${pdfPath}?lang=en`, { 'if-none-match': String(answer.headers.etag) });
    expect(revalidated.statusCode).toBe(304);

    // A club whose plan lapsed keeps its switch on, but offers no PDF until it is Smart again.
    await seedSubscription(context.database.db, club.id, {
      status: 'freemium',
      lapsed: 'expired',
      paymentErrorCode: null,
    });
    await context.app.guestCache.changed(club.id);
    expect((await guest(`${pagePath}?lang=it`)).body).not.toContain('Scarica il PDF');
    expect((await guest(`${pdfPath}?lang=it`)).statusCode).toBe(404);
    await seedSubscription(context.database.db, club.id, { status: 'earlyAdopter' });
    await context.app.guestCache.changed(club.id);
    expect((await guest(`${pdfPath}?lang=it`)).statusCode).toBe(200);

    // A menu that is switched off is not shown at the table, so it has no PDF either.
    expect((await call('PUT', '/menu/batch', { menus: [{ id: menu.id, enabled: false }] })).statusCode).toBe(
      200,
    );
    expect((await guest(`${pdfPath}?lang=it`)).statusCode).toBe(404);
  });

  it('limits how many PDFs one address downloads', async () => {
    const { club, call, menu } = await setUp();
    await call('PATCH', '/settings', { pdfMenuEnabled: true });
    const { tables } = (await call('PUT', '/tables', { tables: [{ name: '1' }] })).json();
    const address = uniqueAddress();
    const path = `/public/menu/${club.id}/${tables[0].id}/${menu.id}/pdf`;
    const statuses: number[] = [];
    for (let count = 0; count < 31; count += 1)
      statuses.push(
        (
          await context.app.inject({
            method: 'GET',
            url: path,
            remoteAddress: address,
            headers: { 'if-none-match': '*' },
          })
        ).statusCode,
      );
    expect(statuses.slice(0, 30).every((status) => status === 304)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});
