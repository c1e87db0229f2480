import { MENU_LANGUAGES, type MenuLanguage } from '@carta/contract/limits';
import {
  ALLERGEN_LABELS,
  BASE_COLUMNS,
  COLUMN_LABELS,
  columnLabel,
  EXCEL_IMPORT_MAX_ROWS,
  type ImportColumn,
  MARKER_LABELS,
  TEMPLATE_VARIANTS,
  type TemplateLanguage,
  TRANSLATED_COLUMNS,
  variantColumns,
} from '@carta/contract/menu-import';
import ExcelJS from 'exceljs';

// The workbook owners fill in: one row per item, headers in the owner's language, a few example rows and
// a second sheet that explains each column.

type ExampleRow = Partial<Record<ImportColumn, string | number>>;

const EXAMPLES: Record<TemplateLanguage, { rows: ExampleRow[]; translations: Record<string, string> }> = {
  it: {
    rows: [
      {
        section: 'Antipasti',
        name: 'Bruschetta',
        description: 'Pane casereccio tostato con pomodoro fresco e basilico',
        ingredients: 'Pane, pomodoro, basilico, olio extravergine',
        allergens: 'Glutine',
        price: 6,
        markers: 'Più venduto',
      },
      {
        name: 'Tagliere di salumi',
        description: 'Selezione di salumi del territorio',
        priceText: 'Per due: 18 €',
        allergens: '12',
      },
      {
        section: 'Primi',
        name: 'Spaghetti alle vongole',
        ingredients: 'Spaghetti, vongole, aglio, prezzemolo',
        allergens: 'Glutine, Molluschi',
        price: 14.5,
        markers: 'Consigliato',
      },
      {
        section: 'Bevande',
        name: 'Spritz',
        ingredients: 'Aperol, prosecco, soda',
        allergens: 'Solfiti',
        price: 7,
      },
      {
        name: 'Vino rosso della casa',
        allergens: 'Solfiti',
        variant1: 'Calice',
        variantPrice1: 5,
        variant2: 'Caraffa 0,5 l',
        variantPrice2: 12,
        variant3: 'Bottiglia',
        variantPrice3: 20,
      },
    ],
    translations: {
      Antipasti: 'Starters',
      Bruschetta: 'Bruschetta',
      'Pane casereccio tostato con pomodoro fresco e basilico':
        'Toasted homemade bread with fresh tomato and basil',
      Primi: 'First courses',
      'Spaghetti alle vongole': 'Spaghetti with clams',
      Bevande: 'Drinks',
      'Vino rosso della casa': 'House red wine',
    },
  },
  en: {
    rows: [
      {
        section: 'Starters',
        name: 'Bruschetta',
        description: 'Toasted homemade bread with fresh tomato and basil',
        ingredients: 'Bread, tomato, basil, extra virgin olive oil',
        allergens: 'Gluten',
        price: 6,
        markers: 'Best seller',
      },
      {
        name: 'Cured meat board',
        description: 'A selection of local cured meats',
        priceText: 'For two: €18',
        allergens: '12',
      },
      {
        section: 'Mains',
        name: 'Spaghetti with clams',
        ingredients: 'Spaghetti, clams, garlic, parsley',
        allergens: 'Gluten, Molluscs',
        price: 14.5,
        markers: 'Suggested',
      },
      {
        section: 'Drinks',
        name: 'Spritz',
        ingredients: 'Aperol, prosecco, soda',
        allergens: 'Sulphites',
        price: 7,
      },
      {
        name: 'House red wine',
        allergens: 'Sulphites',
        variant1: 'Glass',
        variantPrice1: 5,
        variant2: 'Carafe 0.5 l',
        variantPrice2: 12,
        variant3: 'Bottle',
        variantPrice3: 20,
      },
    ],
    translations: {
      Starters: 'Antipasti',
      Bruschetta: 'Bruschetta',
      'Toasted homemade bread with fresh tomato and basil':
        'Pane casereccio tostato con pomodoro fresco e basilico',
      Mains: 'Secondi',
      'Spaghetti with clams': 'Spaghetti alle vongole',
      Drinks: 'Bevande',
      'House red wine': 'Vino rosso della casa',
    },
  },
};

const INSTRUCTIONS: Record<
  TemplateLanguage,
  { title: string; lines: string[]; columns: Record<string, string> }
> = {
  it: {
    title: 'Come compilare il foglio Menu',
    lines: [
      'Una riga per piatto, nell’ordine in cui deve apparire nel menu. La prima riga contiene i titoli delle colonne: non cambiarli (vanno bene anche in inglese).',
      'Il nome del menu si sceglie in Carta al momento dell’importazione.',
      `Al massimo ${EXCEL_IMPORT_MAX_ROWS.toLocaleString('it-IT')} righe e 5 MB. Se una riga non è valida non viene importato nulla: Carta elenca riga, colonna e motivo di ogni errore.`,
      'Le formule sono accettate: si usa il valore calcolato salvato da Excel.',
    ],
    columns: {
      section:
        'Obbligatoria nella prima riga di ogni categoria; se la lasci vuota, la riga va nella categoria della riga sopra. Una riga con la sola categoria crea una categoria vuota.',
      name: 'Obbligatorio, al massimo 100 caratteri.',
      description: 'Facoltativa, al massimo 254 caratteri.',
      ingredients: 'Facoltativi, al massimo 254 caratteri.',
      allergens: 'Numeri da 1 a 14 o nomi, separati da virgole: ',
      price: 'Un numero (per esempio 12,50). Serve un prezzo o un testo prezzo.',
      priceText: 'Al posto del prezzo, per esempio "Secondo peso" (al massimo 45 caratteri).',
      markers: 'Facoltative, separate da virgole: ',
      photo:
        'Facoltativa: l’indirizzo di una foto di piatto già caricata in Carta per questo locale (per esempio copiato dalla scheda del piatto: contiene /files/img/). Indirizzi di altri siti non sono accettati e non viene scaricato nulla.',
      variants: `Facoltative, per un piatto con più prezzi (Calice / Bottiglia, Piccola / Media / Grande): ogni coppia è una variante, con il nome (al massimo 40 caratteri) e il suo prezzo. Con le varianti il prezzo del piatto non serve: i clienti vedono i prezzi delle varianti. Il modello ne ha ${TEMPLATE_VARIANTS}; per averne di più (fino a 10) aggiungi le colonne "Variante 4", "Prezzo 4" e così via. Il nome si traduce nelle colonne come "Variante 1 (EN)".`,
      translations:
        'Le colonne con la lingua tra parentesi, per esempio "Nome (EN)", contengono le traduzioni; vuote: si mostra il testo originale.',
    },
  },
  en: {
    title: 'How to fill in the Menu sheet',
    lines: [
      'One row per dish, in the order the menu shows them. The first row holds the column headers: keep them (Italian headers work too).',
      'You choose the menu’s name in Carta when you import the file.',
      `At most ${EXCEL_IMPORT_MAX_ROWS.toLocaleString('en-GB')} rows and 5 MB. If any row is not valid nothing is imported: Carta lists the row, the column and the reason of every error.`,
      'Formulas are accepted: the calculated value Excel saved is used.',
    ],
    columns: {
      section:
        'Required on the first row of each category; left blank, the row goes in the category of the row above. A row with only a category makes an empty category.',
      name: 'Required, at most 100 characters.',
      description: 'Optional, at most 254 characters.',
      ingredients: 'Optional, at most 254 characters.',
      allergens: 'Numbers from 1 to 14 or names, separated by commas: ',
      price: 'A number (for example 12.50). A price or a price text is needed.',
      priceText: 'Instead of the price, for example "By weight" (at most 45 characters).',
      markers: 'Optional, separated by commas: ',
      photo:
        'Optional: the address of a dish photo already uploaded to Carta for this venue (for example copied from the dish’s form: it contains /files/img/). Addresses of other sites are not accepted and nothing is downloaded.',
      variants: `Optional, for a dish with several prices (Glass / Bottle, Small / Medium / Large): each pair is one variant, its name (at most 40 characters) and its price. With variants the dish needs no price of its own: guests read the variants' prices. The template has ${TEMPLATE_VARIANTS}; for more (up to 10) add the columns "Variant 4", "Price 4" and so on. The name is translated in columns such as "Variant 1 (IT)".`,
      translations:
        'The columns with a language in brackets, such as "Name (IT)", hold the translations; left blank, the original text shows.',
    },
  },
};

/**
 * The columns of a template: the base ones, the first variants' names and prices, then section, name,
 * description and ingredients per language.
 */
export const templateColumns = (translationLanguages: readonly MenuLanguage[]): ImportColumn[] => [
  ...BASE_COLUMNS,
  ...variantColumns(TEMPLATE_VARIANTS),
  ...translationLanguages.flatMap((language) =>
    TRANSLATED_COLUMNS.map((column): ImportColumn => `${column}:${language}`),
  ),
];

/**
 * The languages a template has translation columns for: the club's menu languages but the template's
 * own, or the other template language when the club has none.
 */
export const templateLanguagesOf = (clubLanguages: readonly string[], language: TemplateLanguage) => {
  const chosen = MENU_LANGUAGES.filter(
    (menuLanguage) => menuLanguage !== language && clubLanguages.includes(menuLanguage),
  );
  return chosen.length > 0 ? chosen : [language === 'it' ? ('en' as const) : ('it' as const)];
};

const widthOf = (column: ImportColumn) =>
  column.startsWith('description') || column.startsWith('ingredients')
    ? 40
    : column === 'allergens'
      ? 24
      : column === 'photo'
        ? 36
        : 18;

/** The template as an .xlsx file. */
export const templateWorkbook = async (
  language: TemplateLanguage,
  translationLanguages: readonly MenuLanguage[],
): Promise<Buffer> => {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Carta';
  const columns = templateColumns(translationLanguages);
  const sheet = workbook.addWorksheet('Menu', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((column) => ({
    header: columnLabel(column, language),
    key: column,
    width: widthOf(column),
  }));
  const header = sheet.getRow(1);
  header.font = { bold: true, color: { argb: 'FFFFFFFF' } };
  header.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF7A1F3D' } };
  for (const column of ['price', ...variantColumns(TEMPLATE_VARIANTS).filter((key) => key.includes('Price'))])
    sheet.getColumn(column).numFmt = '0.00';

  const { rows, translations } = EXAMPLES[language];
  const other = language === 'it' ? 'en' : 'it';
  for (const example of rows) {
    const row: Record<string, string | number | undefined> = { ...example };
    // The example translations fill the other template language's columns, when the template has them.
    if (translationLanguages.includes(other))
      for (const column of TRANSLATED_COLUMNS) {
        const original = example[column];
        const translated = typeof original === 'string' ? translations[original] : undefined;
        if (translated) row[`${column}:${other}`] = translated;
      }
    sheet.addRow(row);
  }

  const help = INSTRUCTIONS[language];
  const guide = workbook.addWorksheet(language === 'it' ? 'Istruzioni' : 'Instructions');
  guide.columns = [{ width: 22 }, { width: 110 }];
  guide.addRow([help.title]).font = { bold: true, size: 14 };
  guide.addRow([]);
  for (const line of help.lines) guide.addRow(['', line]);
  guide.addRow([]);
  const allergenList = Object.values(ALLERGEN_LABELS[language])
    .map((name, index) => `${index + 1} ${name}`)
    .join(', ');
  const markerList = Object.values(MARKER_LABELS[language]).join(', ');
  for (const column of BASE_COLUMNS) {
    const extra = column === 'allergens' ? allergenList : column === 'markers' ? markerList : '';
    const row = guide.addRow([COLUMN_LABELS[language][column], `${help.columns[column]}${extra}`]);
    row.getCell(1).font = { bold: true };
  }
  const variantRow = guide.addRow([
    `${columnLabel('variant1', language)}, ${columnLabel('variantPrice1', language)}…`,
    help.columns.variants,
  ]);
  variantRow.getCell(1).font = { bold: true };
  guide.addRow(['', help.columns.translations]);
  for (const row of [guide.getColumn(2)]) row.alignment = { wrapText: true, vertical: 'top' };

  return Buffer.from(await workbook.xlsx.writeBuffer());
};
