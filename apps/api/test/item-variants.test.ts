// Over 300 lines and kept one file: every surface of variants (save, translations, guest page, PDF, import) reads the one set-up, a wine with a glass and a bottle.
import { createRequire } from 'node:module';
import path from 'node:path';
import { ITEM_VARIANTS_MAX } from '@carta/contract/item-variants';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { itemVariants } from '../src/db/schema.ts';
import { addTable, guestGet, seedOwnerWithClub } from './fixtures.ts';
import { useTestApp } from './helpers.ts';

// An item's variants (docs/product.md, Menus, categories and items; decision 0085): saved with the item,
// read in order, translated, shown to guests and on paper, copied with the menu, imported from Excel.

type Variant = { id: number; name: string; nameTranslations: Record<string, string>; price: number };
type Item = { id: number; name: string; price: number | null; variants: Variant[] };

const WINE = {
  name: 'Barolo',
  translateName: false,
  variants: [
    { name: 'Calice', nameTranslations: { en: 'Glass' }, price: 6 },
    { name: 'Bottiglia', nameTranslations: { en: 'Bottle' }, price: 28 },
  ],
};

/** pdfjs reads the built-in fonts' metrics from its own files. */
const STANDARD_FONTS = `${path.join(
  path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')),
  'standard_fonts',
)}/`;

/** The text of every page of a PDF, whitespace made plain. */
const pdfText = async (bytes: Buffer) => {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await pdfjs.getDocument({
    data: new Uint8Array(bytes),
    standardFontDataUrl: STANDARD_FONTS,
    useSystemFonts: false,
  }).promise;
  const texts: string[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const content = await (await document.getPage(number)).getTextContent();
    texts.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await document.destroy();
  return texts.join(' ').replace(/[\s\u00a0]+/g, ' ');
};

/** A multipart/form-data body with the menu's name and one file, as a browser's FormData sends it. */
const fileBody = (content: Buffer) => {
  const boundary = '----cartavariants';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nVini importati\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="menu.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
};

describe('item variants', () => {
  const context = useTestApp();

  const setUp = async () => {
    const owner = await seedOwnerWithClub(context, {
      club: { freeForever: true, translationsEnabled: true, menuLanguages: ['en'], pdfMenuEnabled: true },
      acceptLanguage: 'en',
    });
    const menu = (
      await owner.call('POST', '/menu', {
        name: 'Vini',
        sections: [{ name: 'Rossi', items: [{ name: 'Dolcetto', price: 5 }] }],
      })
    ).json();
    const section = menu.sections[0];
    const itemsPath = `/menu/${menu.id}/sections/${section.id}/items`;
    const save = (body: object) => owner.call('PUT', itemsPath, body);
    const variantRows = async (itemId: number) =>
      (
        await context.database.db
          .select()
          .from(itemVariants)
          .where(eq(itemVariants.itemId, itemId))
          .orderBy(itemVariants.position)
      ).map(({ name, price, position }) => ({ name, price, position }));
    return { ...owner, menu, section, itemsPath, save, variantRows };
  };

  it('saves variants with a new item and reads them back in order, in every read of the item', async () => {
    const { call, menu, section, itemsPath, save } = await setUp();
    const created = await save(WINE);
    expect(created.statusCode).toBe(201);
    const wine = created.json() as Item;
    expect(wine.price).toBeNull();
    expect(wine.variants).toEqual([
      { id: expect.any(Number), name: 'Calice', nameTranslations: { en: 'Glass' }, price: 6 },
      { id: expect.any(Number), name: 'Bottiglia', nameTranslations: { en: 'Bottle' }, price: 28 },
    ]);
    expect((await call('GET', `${itemsPath}/${wine.id}`)).json().variants).toEqual(wine.variants);
    const full = (await call('GET', `/menu/${menu.id}`)).json();
    const listed = full.sections[0].items.find((item: Item) => item.id === wine.id);
    expect(listed.variants).toEqual(wine.variants);
    // An item without variants reads an empty list.
    expect(full.sections[0].items[0].variants).toEqual([]);
    const section2 = (await call('GET', `/menu/${menu.id}/sections/${section.id}`)).json();
    expect(section2.items[1].variants.map((variant: Variant) => variant.name)).toEqual([
      'Calice',
      'Bottiglia',
    ]);
  });

  it('replaces the set on a save, keeping the ids given, and keeps it when the save leaves it out', async () => {
    const { save, variantRows } = await setUp();
    const wine = (await save(WINE)).json() as Item;
    const [glass, bottle] = wine.variants as [Variant, Variant];
    const changed = await save({
      id: wine.id,
      name: 'Barolo',
      variants: [
        { id: bottle.id, name: 'Bottiglia 0,75 l', price: 30 },
        { name: 'Magnum', nameTranslations: { en: '' }, price: 60 },
        { id: glass.id, name: 'Calice', nameTranslations: { en: 'Glass' }, price: 6.5 },
      ],
    });
    expect(changed.statusCode).toBe(200);
    const variants = (changed.json() as Item).variants;
    expect(variants.map((variant) => [variant.name, variant.price])).toEqual([
      ['Bottiglia 0,75 l', 30],
      ['Magnum', 60],
      ['Calice', 6.5],
    ]);
    expect(variants[0]?.id).toBe(bottle.id);
    expect(variants[2]?.id).toBe(glass.id);
    expect(variants[1]?.nameTranslations).toEqual({});
    expect(variants[0]?.nameTranslations).toEqual({});

    // Left out of the save: kept as they are.
    const renamed = await save({ id: wine.id, name: 'Barolo DOCG', price: 35 });
    expect(renamed.statusCode).toBe(200);
    expect((renamed.json() as Item).variants).toEqual(variants);

    // An empty list removes them; the dish then needs its own price.
    const cleared = await save({ id: wine.id, name: 'Barolo DOCG', price: 35, variants: [] });
    expect((cleared.json() as Item).variants).toEqual([]);
    expect(await variantRows(wine.id)).toEqual([]);
    const noPrice = await save({ id: wine.id, name: 'Barolo DOCG', variants: [] });
    expect(noPrice.statusCode).toBe(400);
    expect(noPrice.json().issues).toContainEqual(
      expect.objectContaining({ path: 'body.price', key: 'validation.priceOrText' }),
    );
  });

  it('refuses bad variants with a message under each field, and changes nothing', async () => {
    const { save, variantRows } = await setUp();
    const wine = (await save(WINE)).json() as Item;
    const refused = [
      [
        [
          { name: 'Calice', price: 6 },
          { name: ' calice ', price: 7 },
        ],
        'body.variants.1.name',
        'validation.variantNameTaken',
        'Another variant already has this name',
      ],
      [
        [{ name: 'x'.repeat(41), price: 6 }],
        'body.variants.0.name',
        'validation.tooLong?max=40',
        'At most 40 characters',
      ],
      [
        [{ name: 'Calice', nameTranslations: { en: 'x'.repeat(41) }, price: 6 }],
        'body.variants.0.nameTranslations.en',
        'validation.tooLong?max=40',
        'At most 40 characters',
      ],
      [
        [{ name: 'Calice', price: -1 }],
        'body.variants.0.price',
        'validation.notNegative',
        'Must not be negative',
      ],
      [
        [{ name: 'Calice', price: 1.234 }],
        'body.variants.0.price',
        'validation.priceDecimals',
        'At most 2 decimals',
      ],
      [[{ name: '', price: 1 }], 'body.variants.0.name', 'validation.required', undefined],
      [[{ name: 'Calice' }], 'body.variants.0.price', 'validation.number', undefined],
      [
        Array.from({ length: ITEM_VARIANTS_MAX + 1 }, (_, index) => ({ name: `V${index}`, price: index })),
        'body.variants',
        'validation.tooManyVariants?max=10',
        'At most 10 variants',
      ],
    ] as const;
    for (const [variants, path, key, message] of refused) {
      const response = await save({ id: wine.id, name: 'Changed', variants });
      expect(response.statusCode, path).toBe(400);
      expect(response.json().issues, response.body).toContainEqual(
        expect.objectContaining({ path, key, ...(message ? { message } : {}) }),
      );
    }
    // Exactly ten, names different only beyond case, is accepted.
    const ten = Array.from({ length: ITEM_VARIANTS_MAX }, (_, index) => ({
      name: `V${index}`,
      price: index,
    }));
    expect((await save({ name: 'Dieci', variants: ten })).statusCode).toBe(201);
    // Nothing of the refused saves reached the wine.
    expect(await variantRows(wine.id)).toEqual([
      { name: 'Calice', price: 6, position: 0 },
      { name: 'Bottiglia', price: 28, position: 1 },
    ]);
  });

  it("answers 404 for another item's or another club's variant id, and the failed save changes nothing", async () => {
    const { save, variantRows, itemsPath, call } = await setUp();
    const wine = (await save(WINE)).json() as Item;
    const other = (await save({ name: 'Nebbiolo', variants: [{ name: 'Calice', price: 5 }] })).json() as Item;
    const stranger = await setUp();
    const foreign = (await stranger.save(WINE)).json() as Item;
    for (const id of [other.variants[0]?.id, foreign.variants[0]?.id]) {
      const response = await save({
        id: wine.id,
        name: 'Renamed',
        variants: [{ id, name: 'Calice', price: 1 }],
      });
      expect(response.statusCode).toBe(404);
    }
    // A new item cannot take a saved variant's id either.
    expect(
      (await save({ name: 'Nuovo', variants: [{ id: wine.variants[0]?.id, name: 'X', price: 1 }] }))
        .statusCode,
    ).toBe(404);
    const after = (await call('GET', `${itemsPath}/${wine.id}`)).json() as Item;
    expect(after.name).toBe('Barolo');
    expect(await variantRows(wine.id)).toHaveLength(2);
    expect(await variantRows(other.id)).toEqual([{ name: 'Calice', price: 5, position: 0 }]);
    // The same id twice in one save is refused by the schema.
    const twice = await save({
      id: wine.id,
      name: 'Barolo',
      variants: [
        { id: wine.variants[0]?.id, name: 'A', price: 1 },
        { id: wine.variants[0]?.id, name: 'B', price: 2 },
      ],
    });
    expect(twice.statusCode).toBe(400);
  });

  it('creates a whole menu with variants and copies them with the menu', async () => {
    const { call } = await setUp();
    const created = await call('POST', '/menu', {
      name: 'Carta dei vini',
      sections: [
        { name: 'Bianchi', items: [{ name: 'Soave', price: 4 }, WINE] },
        {
          name: 'Birre',
          items: [
            {
              name: 'Bionda',
              variants: [
                { name: '33 cl', price: 4 },
                { name: '50 cl', price: 6 },
              ],
            },
          ],
        },
      ],
    });
    expect(created.statusCode).toBe(201);
    const menu = created.json();
    const names = (source: { sections: { items: Item[] }[] }) =>
      source.sections.map((section) =>
        section.items.map((item) => item.variants.map((variant) => `${variant.name} ${variant.price}`)),
      );
    expect(names(menu)).toEqual([[[], ['Calice 6', 'Bottiglia 28']], [['33 cl 4', '50 cl 6']]]);
    const copy = await call('POST', `/menu/${menu.id}/duplicate`);
    expect(copy.statusCode).toBe(201);
    const copied = (await call('GET', `/menu/${copy.json().id}`)).json();
    expect(names(copied)).toEqual(names(menu));
    const copiedIds = copied.sections[0].items[1].variants.map((variant: Variant) => variant.id);
    expect(copiedIds).not.toEqual(menu.sections[0].items[1].variants.map((variant: Variant) => variant.id));
    expect(copied.sections[0].items[1].variants[0].nameTranslations).toEqual({ en: 'Glass' });
  });

  it('lists each variant name as a text to translate under its item, and saves its translations', async () => {
    const { call, menu, save } = await setUp();
    const wine = (await save(WINE)).json() as Item;
    const beer = (await save({ name: 'Birra', variants: [{ name: 'Piccola', price: 3 }] })).json() as Item;
    const overview = (await call('GET', `/menu/${menu.id}/translations`)).json();
    const variantTexts = overview.texts.filter((text: { kind: string }) => text.kind === 'variant');
    expect(variantTexts).toEqual([
      expect.objectContaining({
        id: wine.variants[0]?.id,
        itemId: wine.id,
        itemName: 'Barolo',
        field: 'name',
        original: 'Calice',
        translations: { en: 'Glass' },
      }),
      expect.objectContaining({
        id: wine.variants[1]?.id,
        itemId: wine.id,
        original: 'Bottiglia',
        translations: { en: 'Bottle' },
      }),
      expect.objectContaining({
        id: beer.variants[0]?.id,
        itemId: beer.id,
        itemName: 'Birra',
        original: 'Piccola',
        translations: { en: null },
      }),
    ]);
    // A variant's text comes right after its item's own.
    const kinds = overview.texts.map((text: { kind: string; id: number }) => `${text.kind}:${text.id}`);
    expect(kinds.indexOf(`variant:${beer.variants[0]?.id}`)).toBe(kinds.indexOf(`item:${beer.id}`) + 1);
    const progress = overview.progress[0];
    const saved = await call('PUT', `/menu/${menu.id}/translations`, {
      texts: [
        { kind: 'variant', id: beer.variants[0]?.id, field: 'name', language: 'en', text: 'Small' },
        { kind: 'variant', id: wine.variants[0]?.id, field: 'name', language: 'en', text: '' },
      ],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().progress[0]).toEqual({ ...progress, translated: progress.translated });
    const item = (await call('GET', `/menu/${menu.id}`)).json().sections[0].items;
    expect(item[1].variants[0].nameTranslations).toEqual({});
    expect(item[2].variants[0].nameTranslations).toEqual({ en: 'Small' });
    // Another menu's variant, and a name over the limit, change nothing.
    const stranger = await setUp();
    const foreign = (await stranger.save(WINE)).json() as Item;
    const refused = await call('PUT', `/menu/${menu.id}/translations`, {
      texts: [
        { kind: 'variant', id: beer.variants[0]?.id, field: 'name', language: 'en', text: 'Tiny' },
        { kind: 'variant', id: foreign.variants[0]?.id, field: 'name', language: 'en', text: 'X' },
      ],
    });
    expect(refused.statusCode).toBe(404);
    const tooLong = await call('PUT', `/menu/${menu.id}/translations`, {
      texts: [
        { kind: 'variant', id: beer.variants[0]?.id, field: 'name', language: 'en', text: 'x'.repeat(41) },
      ],
    });
    expect(tooLong.statusCode).toBe(400);
    const after = (await call('GET', `/menu/${menu.id}`)).json().sections[0].items;
    expect(after[2].variants[0].nameTranslations).toEqual({ en: 'Small' });
  });

  it('shows guests each variant with its price, in their language, in place of the dish price', async () => {
    const { call, club, menu, save } = await setUp();
    await save({ ...WINE, price: 99 });
    const table = await addTable(call);
    const url = `/public/menu/${club.id}/${table.id}/${menu.id}`;
    const italian = (await guestGet(context.app, url)).body;
    expect(italian).toContain(
      '<ul class="vars"><li><span>Calice</span><span class="price">6,00\u00a0€</span></li><li><span>Bottiglia</span><span class="price">28,00\u00a0€</span></li></ul>',
    );
    expect(italian).not.toContain('99,00');
    expect(italian).toContain('.vars{');
    expect(italian).toMatch(/data-text="barolo [^"]*calice[^"]*bottiglia/);
    const english = (await guestGet(context.app, url, 'en-GB,en;q=0.9')).body;
    expect(english).toContain('<li><span>Glass</span><span class="price">€6.00</span></li>');
    expect(english).toContain('<li><span>Bottle</span><span class="price">€28.00</span></li>');
    // A page without variants sends none of their styles.
    const plain = (
      await call('POST', '/menu', {
        name: 'Pranzo',
        sections: [{ name: 'Primi', items: [{ name: 'Pasta', price: 9 }] }],
      })
    ).json();
    expect(
      (await guestGet(context.app, `/public/menu/${club.id}/${table.id}/${plain.id}`)).body,
    ).not.toContain('.vars{');
  });

  it('prints the variants with their prices on the PDF, in the chosen language', async () => {
    const { club, menu, save, headers } = await setUp();
    await save(WINE);
    const pdf = (language: string) =>
      context.app.inject({
        method: 'GET',
        url: `/api/v1/clubs/${club.id}/menu/${menu.id}/pdf?lang=${language}`,
        headers,
      });
    const italian = await pdf('it');
    expect(italian.statusCode).toBe(200);
    const text = await pdfText(italian.rawPayload);
    expect(text).toMatch(/Barolo Calice 6,00 € Bottiglia 28,00 €/);
    expect(await pdfText((await pdf('en')).rawPayload)).toMatch(/Barolo Glass €6\.00 Bottle €28\.00/);
  });

  it('imports variants from the template columns, refuses half-filled pairs, and the template explains them', async () => {
    const { call, club, headers } = await setUp();
    const template = await call('GET', '/menu/excel/template?lang=it');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(template.rawPayload as unknown as ExcelJS.Buffer);
    const header = ((workbook.worksheets[0]?.getRow(1).values ?? []) as unknown[]).filter(Boolean);
    expect(header).toEqual(expect.arrayContaining(['Variante 1', 'Prezzo 1', 'Variante 3', 'Prezzo 3']));
    const guide = workbook.worksheets[1];
    const guideText = JSON.stringify(guide?.getSheetValues());
    expect(guideText).toContain('Variante 1, Prezzo 1');
    expect(guideText).toContain('Variante 4');

    const upload = async (rows: (string | number | null)[][], dryRun = false) => {
      const file = new ExcelJS.Workbook();
      const sheet = file.addWorksheet('Menu');
      sheet.addRow([
        'Category',
        'Name',
        'Price',
        'Variant 1',
        'Price 1',
        'Variante 2',
        'Prezzo 2',
        'Variant 1 (EN)',
        'Variant 4',
        'Price 4',
      ]);
      for (const row of rows) sheet.addRow(row);
      const body = fileBody(Buffer.from(await file.xlsx.writeBuffer()));
      return context.app.inject({
        method: 'POST',
        url: `/api/v1/clubs/${club.id}/menu/excel${dryRun ? '?dryRun=true' : ''}`,
        headers: { ...headers, 'content-type': body.contentType },
        payload: body.payload,
      });
    };
    const rows = [
      ['Vini', 'Barolo', null, 'Calice', 6, 'Bottiglia', '28,00', 'Glass', null, null],
      [null, 'Birra', null, '33 cl', 4, null, null, null, '50 cl', 6],
      [null, 'Acqua', 2, null, null, null, null, null, null, null],
    ];
    const preview = await upload(rows, true);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ outcome: 'preview', itemCount: 3, errors: [] });
    const imported = await upload(rows);
    expect(imported.statusCode, imported.body).toBe(201);
    const menu = (await call('GET', `/menu/${imported.json().menuId}`)).json();
    const items = menu.sections[0].items as Item[];
    expect(
      items.map((item) =>
        item.variants.map(({ name, price, nameTranslations }) => ({ name, price, nameTranslations })),
      ),
    ).toEqual([
      [
        { name: 'Calice', price: 6, nameTranslations: { en: 'Glass' } },
        { name: 'Bottiglia', price: 28, nameTranslations: {} },
      ],
      [
        { name: '33 cl', price: 4, nameTranslations: {} },
        { name: '50 cl', price: 6, nameTranslations: {} },
      ],
      [],
    ]);

    const refused = await upload([
      ['Vini', 'Barolo', null, 'Calice', null, null, 12, null, null, null],
      [null, 'Soave', null, 'Calice', 'tanto', null, null, null, null, null],
      [null, 'Gavi', null, 'Calice', 5, 'calice ', 6, null, null, null],
    ]);
    expect(refused.statusCode).toBe(400);
    expect(
      refused.json().issues.map((issue: { path: string; key: string }) => `${issue.path} ${issue.key}`),
    ).toEqual([
      'rows.2.variantPrice1 validation.required',
      'rows.2.variant2 validation.required',
      'rows.3.variantPrice1 validation.number',
      'rows.4.variant2 validation.variantNameTaken',
    ]);
  });
});
