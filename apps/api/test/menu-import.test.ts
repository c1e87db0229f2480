import { randomBytes } from 'node:crypto';
import { crc32, deflateRawSync } from 'node:zlib';
import type { FullMenu } from '@carta/contract/entities';
import { ALLERGENS } from '@carta/contract/entities';
import { EXCEL_IMPORT_MAX_ROWS, rowErrorsFromIssues } from '@carta/contract/menu-import';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { seedOwnerWithClub } from './fixtures.ts';
import { demoDinnerSections, present, seedOwner, useTestApp } from './helpers.ts';

type Cell = string | number | null | { formula: string; result?: number };

/** An .xlsx with one sheet: a header row and the rows given, as a spreadsheet program would save it. */
const workbookOf = async (header: string[], rows: Cell[][]) => {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Menu');
  sheet.addRow(header);
  for (const row of rows) sheet.addRow(row as ExcelJS.CellValue[]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
};

/** A zip of the given parts, each deflated, written by hand: hostile archives the tests need. */
const zipOf = (parts: { name: string; content: Buffer; declaredSize?: number }[]) => {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { name, content, declaredSize } of parts) {
    const data = deflateRawSync(content);
    const nameBytes = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc32(content), 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(declaredSize ?? content.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc32(content), 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(declaredSize ?? content.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
};

type Part = { field: string; content: Buffer | string; fileName?: string };

/** A multipart/form-data body, as a browser's FormData sends it. */
const multipart = (parts: Part[]) => {
  const boundary = `----carta${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const { field, content, fileName } of parts) {
    const disposition = fileName
      ? `form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: application/octet-stream`
      : `form-data; name="${field}"`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n\r\n`));
    chunks.push(Buffer.isBuffer(content) ? content : Buffer.from(content));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
};

const EN_HEADER = [
  'Section',
  'Name',
  'Description',
  'Ingredients',
  'Allergens',
  'Price',
  'Price text',
  'Markers',
];

type TemplateLanguage = 'en' | 'de';
const MARKER_NAMES = { bestSeller: 'Best seller', suggested: 'Suggested', outOfStock: 'Out of stock' };

/**
 * The test's own template writer, the owner's way of filling it in: English headers, allergens by
 * number, markers by name, a category named on its first row only, translation columns per language.
 */
const templateFileOf = (menu: FullMenu, languages: readonly TemplateLanguage[]) => {
  const header = [
    ...EN_HEADER,
    ...languages.flatMap((language) =>
      ['Section', 'Name', 'Description', 'Ingredients'].map(
        (label) => `${label} (${language.toUpperCase()})`,
      ),
    ),
  ];
  const rows: Cell[][] = menu.sections.flatMap((section) => {
    const sectionCell = (language: TemplateLanguage) =>
      section.translations[language]?.translatedName ?? null;
    if (section.items.length === 0)
      return [
        [
          section.name,
          ...Array.from({ length: EN_HEADER.length - 1 }, () => null),
          ...languages.flatMap((language) => [sectionCell(language), null, null, null]),
        ],
      ];
    return section.items.map((item, index) => [
      index === 0 ? section.name : null,
      item.name,
      item.description,
      item.ingredients,
      item.allergens.map((allergen) => ALLERGENS.indexOf(allergen) + 1).join(', '),
      item.price,
      item.priceText,
      (['bestSeller', 'suggested', 'outOfStock'] as const)
        .filter((marker) => item[marker])
        .map((marker) => MARKER_NAMES[marker])
        .join(', '),
      ...languages.flatMap((language) => [
        index === 0 ? sectionCell(language) : null,
        item.translations[language]?.translatedName ?? null,
        item.translations[language]?.translatedDescription ?? null,
        item.translations[language]?.translatedIngredients ?? null,
      ]),
    ]);
  });
  return workbookOf(header, rows);
};

/** What a round trip must keep of a menu: its categories and dishes with every text, price and marker. */
const shapeOf = (menu: FullMenu) =>
  menu.sections.map((section) => ({
    name: section.name,
    translations: Object.fromEntries(
      Object.entries(section.translations).map(([language, text]) => [language, text?.translatedName]),
    ),
    items: section.items.map((item) => ({
      name: item.name,
      description: item.description,
      ingredients: item.ingredients,
      allergens: item.allergens,
      price: item.price,
      priceText: item.priceText,
      bestSeller: item.bestSeller,
      suggested: item.suggested,
      outOfStock: item.outOfStock,
      translations: Object.fromEntries(
        Object.entries(item.translations).map(([language, text]) => [
          language,
          [text?.translatedName, text?.translatedDescription, text?.translatedIngredients],
        ]),
      ),
    })),
  }));

describe('menu import from Excel', () => {
  const context = useTestApp();

  const setUp = async (clubFields: { freeForever?: boolean; menuLanguages?: string[] } = {}) => {
    const { owner, club, headers, call } = await seedOwnerWithClub(context, {
      club: { freeForever: true, ...clubFields },
      acceptLanguage: 'en',
    });
    const upload = (
      file: Buffer,
      { dryRun = false, name, language = 'en' }: { dryRun?: boolean; name?: string; language?: string } = {},
    ) => {
      const body = multipart([
        ...(name === undefined ? [] : [{ field: 'name', content: name }]),
        { field: 'file', content: file, fileName: 'menu.xlsx' },
      ]);
      return context.app.inject({
        method: 'POST',
        url: `/api/v1/clubs/${club.id}/menu/excel${dryRun ? '?dryRun=true' : ''}`,
        headers: { ...headers, 'accept-language': language, 'content-type': body.contentType },
        payload: body.payload,
      });
    };
    const menuCount = async () => (await call('GET', '/menu')).json().length as number;
    return { owner, club, call, upload, menuCount };
  };

  it('serves the template in Italian and English, with examples, instructions and translation columns', async () => {
    const { call, upload } = await setUp({ menuLanguages: ['en', 'de'] });
    const italian = await call('GET', '/menu/excel/template?lang=it');
    expect(italian.statusCode).toBe(200);
    expect(italian.headers['content-type']).toContain('spreadsheetml');
    expect(italian.headers['content-disposition']).toContain('.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(italian.rawPayload as unknown as ExcelJS.Buffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Menu', 'Istruzioni']);
    const header = present(workbook.worksheets[0], 'the Menu sheet').getRow(1).values as string[];
    expect(header.slice(1, 20)).toEqual([
      'Categoria',
      'Nome',
      'Descrizione',
      'Ingredienti',
      'Allergeni',
      'Prezzo',
      'Testo prezzo',
      'Etichette',
      'Foto',
      'Variante 1',
      'Prezzo 1',
      'Variante 2',
      'Prezzo 2',
      'Variante 3',
      'Prezzo 3',
      'Categoria (EN)',
      'Nome (EN)',
      'Descrizione (EN)',
      'Ingredienti (EN)',
    ]);
    expect(header).toContain('Nome (DE)');

    const english = await call('GET', '/menu/excel/template?lang=en');
    const englishBook = new ExcelJS.Workbook();
    await englishBook.xlsx.load(english.rawPayload as unknown as ExcelJS.Buffer);
    expect(englishBook.worksheets.map((sheet) => sheet.name)).toEqual(['Menu', 'Instructions']);
    expect(
      (present(englishBook.worksheets[0], 'the Menu sheet').getRow(1).values as string[]).slice(1, 3),
    ).toEqual(['Category', 'Name']);

    // The template's own examples are valid: its preview is the examples, without errors.
    for (const template of [italian, english]) {
      const preview = await upload(template.rawPayload, { dryRun: true });
      expect(preview.statusCode).toBe(200);
      const body = preview.json();
      expect(body).toMatchObject({
        outcome: 'preview',
        menuId: null,
        sectionCount: 3,
        itemCount: 5,
        errors: [],
      });
      expect(body.sections[0]).toMatchObject({ itemCount: 2 });
    }
    expect((await call('GET', '/menu/excel/template?lang=fr')).statusCode).toBe(400);
  });

  it('round trip: a menu written into the template shape comes back as the same menu', async () => {
    const { call, upload, menuCount } = await setUp({ menuLanguages: ['en', 'de'] });
    const original = (
      await call('POST', '/menu', {
        name: 'Cena',
        sections: [
          {
            name: 'Antipasti',
            translations: { en: { translatedName: 'Starters' }, de: { translatedName: 'Vorspeisen' } },
            items: [
              {
                name: 'Bruschetta',
                description: 'Pane e pomodoro',
                ingredients: 'Pane, pomodoro, basilico',
                allergens: ['gluten'],
                price: 6.5,
                bestSeller: true,
                translations: {
                  en: { translatedName: 'Bruschetta', translatedDescription: 'Bread and tomato' },
                  de: { translatedDescription: 'Brot und Tomate' },
                },
              },
              {
                name: 'Crudo di mare',
                allergens: ['fish', 'crustaceans', 'molluscs'],
                priceText: 'Secondo mercato',
                suggested: true,
                outOfStock: true,
              },
            ],
          },
          { name: 'Dolci del giorno', items: [] },
          {
            name: 'Bevande',
            items: [{ name: 'Spritz', ingredients: 'Aperol, prosecco', allergens: ['sulphites'], price: 7 }],
          },
        ],
      })
    ).json() as FullMenu;

    const file = await templateFileOf(original, ['en', 'de']);

    const preview = (await upload(file, { dryRun: true })).json();
    expect(preview).toMatchObject({ outcome: 'preview', sectionCount: 3, itemCount: 3, errors: [] });
    expect(preview.sections).toEqual([
      { name: 'Antipasti', itemCount: 2, firstItems: ['Bruschetta', 'Crudo di mare'] },
      { name: 'Dolci del giorno', itemCount: 0, firstItems: [] },
      { name: 'Bevande', itemCount: 1, firstItems: ['Spritz'] },
    ]);
    expect(await menuCount()).toBe(1);

    const imported = await upload(file, { name: 'Cena da Excel' });
    expect(imported.statusCode).toBe(201);
    const { outcome, menuId } = imported.json();
    expect(outcome).toBe('created');
    const copy = (await call('GET', `/menu/${menuId}`)).json() as FullMenu;
    expect(copy.name).toBe('Cena da Excel');
    expect(shapeOf(copy)).toEqual(shapeOf(original));
    expect(await menuCount()).toBe(2);
  });

  it("round trip of the demo's 80-dish dinner: exported to the template, imported, the same menu", async () => {
    const { call, upload } = await setUp({ menuLanguages: ['en'] });
    const original = (
      await call('POST', '/menu', {
        name: 'Cena',
        sections: demoDinnerSections(),
      })
    ).json() as FullMenu;
    expect(original.sections.flatMap((section) => section.items)).toHaveLength(80);

    const imported = await upload(await templateFileOf(original, ['en']), { name: 'Cena da Excel' });
    expect(imported.statusCode).toBe(201);
    const copy = (await call('GET', `/menu/${imported.json().menuId}`)).json() as FullMenu;
    expect(shapeOf(copy)).toEqual(shapeOf(original));
  });

  it('answers every bad row with its row number, column and reason, and writes nothing', async () => {
    const { upload, menuCount } = await setUp();
    const file = await workbookOf(EN_HEADER, [
      [null, 'Pane', null, null, null, 1, null, null], // 2: no section yet
      ['Primi', null, 'Senza nome', null, null, 5, null, null], // 3: no name
      [null, 'x'.repeat(101), null, null, null, 5, null, null], // 4: name too long
      [null, 'Carbonara', null, null, null, 'dodici', null, null], // 5: not a price
      [null, 'Pesto', null, null, 'nuts, Pistacchio', 9, null, null], // 6: unknown allergen
      [null, 'Amatriciana', null, null, '1, 15', 9, null, 'Piccante'], // 7: unknown allergen number, marker
      [null, 'Gricia', null, null, null, null, null, null], // 8: neither price nor price text
      [null, 'Cacio e pepe', null, null, null, { formula: 'B2*2' }, null, null], // 9: formula, no saved value
      [null, 'Lasagne', null, null, 'Glutine, latte', { formula: '6+5', result: 11 }, null, 'Consigliato'], // 10: fine
      ['S'.repeat(101), 'Tiramisù', null, null, null, 5, null, null], // 11: section name too long
    ]);

    const preview = await upload(file, { dryRun: true });
    expect(preview.statusCode).toBe(200);
    const expected = [
      { row: 2, column: 'section', key: 'excelImport.sectionMissing' },
      { row: 3, column: 'name', key: 'validation.required' },
      { row: 4, column: 'name', key: 'validation.tooLong?max=100' },
      { row: 5, column: 'price', key: 'validation.number' },
      { row: 6, column: 'allergens', key: 'excelImport.unknownAllergen?value=Pistacchio' },
      { row: 7, column: 'allergens', key: 'excelImport.unknownAllergen?value=15' },
      { row: 7, column: 'markers', key: 'excelImport.unknownMarker?value=Piccante' },
      { row: 8, column: 'price', key: 'validation.priceOrText' },
      { row: 9, column: 'price', key: 'excelImport.formula' },
      { row: 11, column: 'section', key: 'validation.tooLong?max=100' },
    ];
    const body = preview.json();
    expect(body.errors.map(({ message: _, ...error }: { message: string }) => error)).toEqual(expected);
    expect(body.errors[4].message).toBe('Unknown allergen: Pistacchio');
    // The one good row is what would be created.
    expect(body.sections).toEqual([{ name: 'Primi', itemCount: 1, firstItems: ['Lasagne'] }]);

    const refused = await upload(file, { name: 'Pranzo', language: 'it' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('EXCEL_ROWS_INVALID');
    const rowErrors = rowErrorsFromIssues(refused.json().issues);
    expect(rowErrors.map(({ message: _, ...error }) => error)).toEqual(expected);
    expect(rowErrors[0]?.message).toBe('Manca la categoria: scrivila in questa riga o in una riga sopra');
    expect(rowErrors[2]?.message).toBe('Al massimo 100 caratteri');
    expect(await menuCount()).toBe(0);
  });

  it('reads Italian headers, merges a category met again and refuses unknown or repeated headers', async () => {
    const { upload } = await setUp();
    const italian = await workbookOf(
      ['Sezione', 'Nome', 'Prezzo', 'Allergeni', 'Etichette', 'Nome (EN)'],
      [
        ['Primi', 'Carbonara', '12,50', 'Uova, 3, latte', 'più venduto, ESAURITO', 'Carbonara'],
        ['Secondi', 'Tagliata', 18, null, null, 'Sliced steak'],
        ['Primi', 'Gricia', 11, null, null, null],
      ],
    );
    const preview = (await upload(italian, { dryRun: true })).json();
    expect(preview.errors).toEqual([]);
    expect(preview.sections).toEqual([
      { name: 'Primi', itemCount: 2, firstItems: ['Carbonara', 'Gricia'] },
      { name: 'Secondi', itemCount: 1, firstItems: ['Tagliata'] },
    ]);

    const odd = await workbookOf(
      ['Section', 'Name', 'Price', 'Calories', 'Nome'],
      [['Primi', 'Carbonara', 12]],
    );
    expect((await upload(odd, { dryRun: true })).json().errors).toEqual([
      {
        row: 1,
        column: null,
        key: 'excelImport.unknownColumn?value=Calories',
        message: 'Unknown column: Calories',
      },
      {
        row: 1,
        column: 'name',
        key: 'excelImport.duplicateColumn?value=Nome',
        message: 'Repeated column: Nome',
      },
    ]);
    const noColumns = await upload(await workbookOf(['Piatto', 'Costo'], [['Carbonara', 12]]), {
      dryRun: true,
    });
    expect(noColumns.statusCode).toBe(400);
    expect(noColumns.json().code).toBe('EXCEL_COLUMNS_MISSING');
    const empty = await upload(await workbookOf(EN_HEADER, []), { dryRun: true });
    expect(empty.json().code).toBe('EXCEL_EMPTY');
  });

  it('refuses hostile and broken files quickly with a 400, and keeps answering', async () => {
    const { call, upload, menuCount } = await setUp();
    const good = await workbookOf(EN_HEADER, [['Primi', 'Carbonara', null, null, null, 12, null, null]]);
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      randomBytes(2000),
    ]);
    const cases: [string, Buffer, string][] = [
      ['a PNG named .xlsx', png, 'EXCEL_FILE_INVALID'],
      ['a truncated workbook', good.subarray(0, Math.floor(good.length / 2)), 'EXCEL_FILE_INVALID'],
      ['an empty file', Buffer.alloc(0), 'EXCEL_FILE_INVALID'],
      [
        'a zip of something else',
        zipOf([{ name: 'notes.txt', content: Buffer.from('hello') }]),
        'EXCEL_FILE_INVALID',
      ],
      // 200 MB of zeros deflate to about 200 KB.
      [
        'a zip bomb',
        zipOf([{ name: 'xl/worksheets/sheet1.xml', content: Buffer.alloc(200 * 1024 * 1024) }]),
        'EXCEL_FILE_INVALID',
      ],
      [
        'a zip bomb that lies about its size',
        zipOf([
          { name: 'xl/sharedStrings.xml', content: Buffer.alloc(100 * 1024 * 1024, 'a'), declaredSize: 1000 },
        ]),
        'EXCEL_FILE_INVALID',
      ],
      [
        'huge shared strings',
        zipOf([
          {
            name: 'xl/sharedStrings.xml',
            content: Buffer.from(`<sst>${'<si><t>abcdefghij</t></si>'.repeat(1_500_000)}</sst>`),
          },
        ]),
        'EXCEL_FILE_INVALID',
      ],
      [
        'a sheet of a million rows',
        zipOf([
          {
            name: 'xl/worksheets/sheet1.xml',
            content: Buffer.from(
              `<worksheet><sheetData>${'<row r="1"><c r="A1"/></row>'.repeat(100_000)}</sheetData></worksheet>`,
            ),
          },
        ]),
        'EXCEL_TOO_MANY_ROWS',
      ],
    ];
    for (const [what, file, code] of cases) {
      const started = Date.now();
      const answer = await upload(file, { dryRun: true });
      expect({ what, status: answer.statusCode, code: answer.json().code }).toEqual({
        what,
        status: 400,
        code,
      });
      expect(Date.now() - started, what).toBeLessThan(5000);
    }

    const tooManyRows = await workbookOf(
      EN_HEADER,
      Array.from({ length: EXCEL_IMPORT_MAX_ROWS + 1 }, (_, index) => [
        'Primi',
        `Piatto ${index}`,
        null,
        null,
        null,
        5,
        null,
        null,
      ]),
    );
    const longAnswer = await upload(tooManyRows, { dryRun: true });
    expect(longAnswer.json().code).toBe('EXCEL_TOO_MANY_ROWS');

    const tooLarge = await upload(Buffer.concat([good, randomBytes(5 * 1024 * 1024)]), { dryRun: true });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({
      code: 'EXCEL_FILE_TOO_LARGE',
      message: 'The file is too large: at most 5 MB',
    });

    expect((await call('GET', '/menu')).statusCode).toBe(200);
    expect(await menuCount()).toBe(0);
  });

  it('takes one file and the menu name, nothing else', async () => {
    const { club, owner, upload, menuCount } = await setUp();
    const good = await workbookOf(EN_HEADER, [['Primi', 'Carbonara', null, null, null, 12, null, null]]);
    const send = (parts: Part[]) => {
      const body = multipart(parts);
      return context.app.inject({
        method: 'POST',
        url: `/api/v1/clubs/${club.id}/menu/excel`,
        headers: {
          authorization: owner.authorization,
          'accept-language': 'en',
          'content-type': body.contentType,
        },
        payload: body.payload,
      });
    };
    const extraField = await send([
      { field: 'name', content: 'Cena' },
      { field: 'file', content: good, fileName: 'a.xlsx' },
      { field: 'theme', content: '3' },
    ]);
    expect(extraField.statusCode).toBe(400);
    const twoFiles = await send([
      { field: 'file', content: good, fileName: 'a.xlsx' },
      { field: 'file', content: good, fileName: 'b.xlsx' },
    ]);
    expect(twoFiles.statusCode).toBe(400);
    const noFile = await send([{ field: 'name', content: 'Cena' }]);
    expect(noFile.json().issues).toMatchObject([{ path: 'body.file', key: 'validation.required' }]);
    const noName = await upload(good);
    expect(noName.json()).toMatchObject({ code: 'VALIDATION_ERROR', issues: [{ path: 'body.name' }] });
    const json = await context.app.inject({
      method: 'POST',
      url: `/api/v1/clubs/${club.id}/menu/excel`,
      headers: { authorization: owner.authorization },
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(415);
    // Named anything, the file is judged by its content.
    const renamed = await send([
      { field: 'name', content: 'Cena' },
      { field: 'file', content: good, fileName: 'menu.png' },
    ]);
    expect(renamed.statusCode).toBe(201);
    expect(await menuCount()).toBe(1);
  });

  it("is Smart only (403 for Free, also at its 2-menu limit), and another owner's club is 404", async () => {
    const free = await setUp({ freeForever: false });
    const good = await workbookOf(EN_HEADER, [['Primi', 'Carbonara', null, null, null, 12, null, null]]);
    for (const answer of [
      await free.upload(good, { dryRun: true }),
      await free.upload(good, { name: 'Cena' }),
      await free.call('GET', '/menu/excel/template?lang=it'),
    ]) {
      expect(answer.statusCode).toBe(403);
      expect(answer.json().code).toBe('SMART_PLAN_REQUIRED');
    }
    await free.call('POST', '/menu', { name: 'Uno' });
    await free.call('POST', '/menu', { name: 'Due' });
    const atLimit = await free.upload(good, { name: 'Tre' });
    expect(atLimit.json().code).toBe('SMART_PLAN_REQUIRED');
    expect(await free.menuCount()).toBe(2);

    const smart = await setUp();
    const stranger = await seedOwner(context.database);
    const requests: {
      method: 'GET' | 'POST';
      url: string;
      headers?: Record<string, string>;
      payload?: Buffer;
    }[] = [
      { method: 'GET', url: `/api/v1/clubs/${smart.club.id}/menu/excel/template` },
      {
        method: 'POST',
        url: `/api/v1/clubs/${smart.club.id}/menu/excel?dryRun=true`,
        ...multipartRequest(good),
      },
    ];
    for (const request of requests) {
      const answer = await context.app.inject({
        method: request.method,
        url: request.url,
        headers: { authorization: stranger.authorization, ...(request.headers ?? {}) },
        ...(request.payload ? { payload: request.payload } : {}),
      });
      expect(answer.statusCode).toBe(404);
    }
    expect(await smart.menuCount()).toBe(0);
  });
});

const multipartRequest = (file: Buffer) => {
  const body = multipart([{ field: 'file', content: file, fileName: 'menu.xlsx' }]);
  return { headers: { 'content-type': body.contentType }, payload: body.payload };
};
