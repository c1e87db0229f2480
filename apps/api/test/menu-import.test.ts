import type { FullMenu } from '@carta/contract/entities';
import { rowErrorsFromIssues } from '@carta/contract/menu-import';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { demoDinnerSections, present, useTestApp } from './helpers.ts';
import { EN_HEADER, importSetUp, shapeOf, templateFileOf, workbookOf } from './menu-import-fixtures.ts';

// Reading a workbook: the template served, menus round-tripped through it, each bad row answered with its
// row, column and reason, headers in either language. What the import refuses outright is in
// menu-import-refusals.test.ts.

describe('menu import from Excel', () => {
  const context = useTestApp();
  const setUp = importSetUp(context);

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
});
