// Over 300 lines and kept whole: the layout is one pass down the pages, its steps (header, categories,
// dishes measured before they are drawn, legend, footer, page numbers) sharing the cursor `y`, the
// column and the page break; split into files they would pass that state back and forth. The fonts
// and the characters they draw are in pdf-fonts.ts.
import { ALLERGENS, type Theme } from '@carta/contract/entities';
import { DEFAULT_CURRENCY, formatItemPrice } from '@carta/contract/format-price';
import type { GuestMenu } from '@carta/contract/guest';
import { variantPrices } from '@carta/contract/item-variants';
import { chrome } from '@carta/guest/chrome';
import type { GuestLanguage } from '@carta/guest/messages';
import { type ContactFields, itemTexts, menuFooter, menuName, sectionName } from '@carta/guest/render';
import PDFDocument from 'pdfkit';
import { printable, registerFonts } from './pdf-fonts.ts';

// The printable menu (issue 14): A4, the theme's PDF colours, the texts in one language chosen as the
// guest page chooses them (itemTexts, sectionName and menuName are the guest page's own).

/** What a printed menu shows: a menu as guests read it (hidden rows already left out) and its club. */
export type PdfMenu = {
  clubName: string;
  menu: Pick<
    GuestMenu,
    'name' | 'nameTranslations' | 'footer' | 'footerTranslations' | 'menuLabelEnabled' | 'sections'
  > &
    ContactFields & {
      theme: Pick<Theme, 'font' | 'pdfText' | 'pdfSectionTitle' | 'pdfHighlight' | 'pdfPhotos'> | null;
    };
  language: GuestLanguage;
  /** The club's logo as PNG bytes, or null. */
  logo: Buffer | null;
  /**
   * The dishes' photos as square JPG bytes by image key, read only when the theme prints photos
   * (`pdfPhotos`); a dish whose photo is not here prints without one.
   */
  photos?: ReadonlyMap<string, Buffer>;
};

export type PdfOptions = {
  /** Flate-compress the content streams (on by default; tests read the colour operators without it). */
  compress?: boolean;
};

const DEFAULT_COLOURS = { pdfText: '#222222', pdfSectionTitle: '#7a1f3d', pdfHighlight: '#7a1f3d' };

const isHexColour = (value: string | undefined): value is string =>
  value !== undefined && /^#[0-9a-fA-F]{6}$/.test(value);

/** An allergen's number in the EU list (Regulation 1169/2011, Annex II): 1 gluten … 14 molluscs. */
export const allergenNumber = (code: string) => ALLERGENS.indexOf(code as (typeof ALLERGENS)[number]) + 1;

const PAGE_MARGIN = { top: 56, bottom: 64, left: 56, right: 56 };
/** A dish's photo on paper: a square of 42 points (about 15 mm) left of its texts. */
const PHOTO_SIZE = 42;
const PHOTO_GAP = 10;

/** Renders the menu as a PDF: header with logo, categories, dishes, allergen legend, footer, "1 / 3". */
export const renderMenuPdf = async (
  source: PdfMenu,
  { compress = true }: PdfOptions = {},
): Promise<Buffer> => {
  const { menu, language } = source;
  const words = chrome[language];
  const theme = menu.theme;
  const colours = {
    text: isHexColour(theme?.pdfText) ? theme.pdfText : DEFAULT_COLOURS.pdfText,
    title: isHexColour(theme?.pdfSectionTitle) ? theme.pdfSectionTitle : DEFAULT_COLOURS.pdfSectionTitle,
    highlight: isHexColour(theme?.pdfHighlight) ? theme.pdfHighlight : DEFAULT_COLOURS.pdfHighlight,
  };
  const title = menuName(menu, language);

  const document = new PDFDocument({
    size: 'A4',
    margins: PAGE_MARGIN,
    bufferPages: true,
    compress,
    lang: language,
    info: { Title: `${title} · ${source.clubName}`, Author: source.clubName, Creator: 'Carta' },
  });
  const fonts = registerFonts(document, theme?.font);
  const chunks: Buffer[] = [];
  document.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    document.on('end', () => resolve(Buffer.concat(chunks)));
    document.on('error', reject);
  });

  const left = PAGE_MARGIN.left;
  const width = document.page.width - PAGE_MARGIN.left - PAGE_MARGIN.right;
  const top = PAGE_MARGIN.top;
  const bottom = document.page.height - PAGE_MARGIN.bottom;
  let y = top;

  // Where texts go by default: the page's width, or beside a dish's photo while that dish is laid out.
  const fullColumn = { x: left, width };
  let column = fullColumn;
  const heightOf = (font: string, size: number, text: string, textWidth = column.width) =>
    document.font(font).fontSize(size).heightOfString(printable(text), { width: textWidth, lineGap: 1 });
  type WriteOptions = {
    font: string;
    size: number;
    colour: string;
    x?: number;
    textWidth?: number;
    align?: 'left' | 'right' | 'center';
  };
  const write = (
    text: string,
    { font, size, colour, x = column.x, textWidth = column.width, align = 'left' }: WriteOptions,
  ) => {
    const height = heightOf(font, size, text, textWidth);
    document
      .font(font)
      .fontSize(size)
      .fillColor(colour)
      .text(printable(text), x, y, { width: textWidth, align, lineGap: 1 });
    return height;
  };
  const rule = (colour: string, thickness = 0.8) => {
    document
      .moveTo(left, y)
      .lineTo(left + width, y)
      .lineWidth(thickness)
      .strokeColor(colour)
      .stroke();
  };
  const newPage = () => {
    document.addPage();
    y = top;
  };

  // Header: the logo, the club, the menu's name.
  const logoSize = 64;
  let textLeft = left;
  if (source.logo) {
    try {
      document.image(source.logo, left, y, { fit: [logoSize, logoSize] });
      textLeft = left + logoSize + 16;
    } catch {
      // An image pdfkit cannot read leaves the header without a logo rather than the menu without a PDF.
    }
  }
  const headerWidth = left + width - textLeft;
  const headerTop = y;
  y += write(source.clubName.toUpperCase(), {
    font: fonts.bold,
    size: 10,
    colour: colours.highlight,
    x: textLeft,
    textWidth: headerWidth,
  });
  y += 2;
  y += write(title, {
    font: fonts.bold,
    size: 24,
    colour: colours.title,
    x: textLeft,
    textWidth: headerWidth,
  });
  y = Math.max(y, textLeft === left ? y : headerTop + logoSize) + 10;
  rule(colours.highlight, 1.5);
  y += 14;

  const priceWidth = 90;
  const markersOf = (item: GuestMenu['sections'][number]['items'][number]) =>
    [
      item.outOfStock ? words.outOfStock : null,
      menu.menuLabelEnabled && item.bestSeller ? words.bestSeller : null,
      menu.menuLabelEnabled && item.suggested ? words.suggested : null,
    ].filter((marker): marker is string => marker !== null);

  /** One dish's lines: measured first, so a dish is never split over two pages. */
  const itemLayout = (item: GuestMenu['sections'][number]['items'][number]) => {
    // The theme prints photos: a dish with one has its texts beside it, the price still at the right.
    const photo = theme?.pdfPhotos && item.photo ? (source.photos?.get(item.photo.key) ?? null) : null;
    const itemColumn = photo
      ? { x: left + PHOTO_SIZE + PHOTO_GAP, width: width - PHOTO_SIZE - PHOTO_GAP }
      : fullColumn;
    column = itemColumn;
    const nameWidth = column.width - priceWidth - 12;
    const texts = itemTexts(item, language);
    // Variants print their prices, one line each under the name, in place of the dish's own (0085).
    const variants = variantPrices(item.variants, language, DEFAULT_CURRENCY).map((variant) => ({
      ...variant,
      height: Math.max(
        heightOf(fonts.regular, 10, variant.name, nameWidth),
        heightOf(fonts.bold, 10, variant.price, priceWidth),
      ),
    }));
    const price =
      variants.length > 0
        ? ''
        : formatItemPrice(
            { price: item.price, priceText: texts.priceText },
            { language, currency: DEFAULT_CURRENCY },
          );
    const markers = markersOf(item).join('  ·  ').toUpperCase();
    const allergens = item.allergens.length
      ? `${words.allergens}: ${item.allergens
          .map(allergenNumber)
          .filter((number) => number > 0)
          .sort((a, b) => a - b)
          .join(', ')}`
      : '';
    const nameHeight = Math.max(
      heightOf(fonts.bold, 11.5, texts.name, nameWidth),
      price ? heightOf(fonts.bold, 11.5, price, priceWidth) : 0,
    );
    const parts = [
      ...variants.map((variant) => variant.height + 1),
      markers ? heightOf(fonts.bold, 7.5, markers) + 1 : 0,
      texts.description ? heightOf(fonts.regular, 9.5, texts.description) + 1 : 0,
      texts.ingredients ? heightOf(fonts.italic, 9, texts.ingredients) + 1 : 0,
      texts.additionalNotes ? heightOf(fonts.regular, 8.5, texts.additionalNotes) + 1 : 0,
      allergens ? heightOf(fonts.regular, 8, allergens) + 1 : 0,
    ];
    const height = nameHeight + 2 + parts.reduce((sum, part) => sum + part, 0) + 9;
    const draw = () => {
      write(texts.name, { font: fonts.bold, size: 11.5, colour: colours.text, textWidth: nameWidth });
      if (price)
        write(price, {
          font: fonts.bold,
          size: 11.5,
          colour: colours.highlight,
          x: left + width - priceWidth,
          textWidth: priceWidth,
          align: 'right',
        });
      y += nameHeight + 2;
      for (const variant of variants) {
        write(variant.name, { font: fonts.regular, size: 10, colour: colours.text, textWidth: nameWidth });
        write(variant.price, {
          font: fonts.bold,
          size: 10,
          colour: colours.highlight,
          x: left + width - priceWidth,
          textWidth: priceWidth,
          align: 'right',
        });
        y += variant.height + 1;
      }
      if (markers) y += write(markers, { font: fonts.bold, size: 7.5, colour: colours.highlight }) + 1;
      if (texts.description)
        y += write(texts.description, { font: fonts.regular, size: 9.5, colour: colours.text }) + 1;
      if (texts.ingredients)
        y += write(texts.ingredients, { font: fonts.italic, size: 9, colour: colours.text }) + 1;
      if (texts.additionalNotes)
        y += write(texts.additionalNotes, { font: fonts.regular, size: 8.5, colour: colours.text }) + 1;
      if (allergens) y += write(allergens, { font: fonts.regular, size: 8, colour: colours.text }) + 1;
      y += 9;
    };
    column = fullColumn;
    if (!photo) return { height, draw };
    return {
      height: Math.max(height, PHOTO_SIZE + 2 + 9),
      draw: () => {
        const itemTop = y;
        try {
          document
            .save()
            .roundedRect(left, y + 1, PHOTO_SIZE, PHOTO_SIZE, 4)
            .clip();
          document.image(photo, left, y + 1, { width: PHOTO_SIZE, height: PHOTO_SIZE });
        } catch {
          // A photo pdfkit cannot read leaves the dish without it rather than the menu without a PDF.
        } finally {
          document.restore();
        }
        column = itemColumn;
        draw();
        column = fullColumn;
        y = Math.max(y, itemTop + PHOTO_SIZE + 2 + 9);
      },
    };
  };

  for (const [index, section] of menu.sections.entries()) {
    const name = sectionName(section, language);
    const titleHeight = heightOf(fonts.bold, 15, name) + 4 + 8;
    const [first, ...rest] = section.items.map(itemLayout);
    const gap = index === 0 ? 0 : 12;
    // A category's title never ends a page: it moves with its first dish.
    if (y + gap + titleHeight + (first?.height ?? 0) > bottom && y > top) newPage();
    else y += gap;
    y += write(name, { font: fonts.bold, size: 15, colour: colours.title }) + 4;
    rule(colours.highlight);
    y += 8;
    for (const item of [first, ...rest]) {
      if (!item) continue;
      if (y + item.height > bottom && y > top) newPage();
      item.draw();
    }
    // A long menu is long work: other requests are answered between its categories.
    await new Promise((resolve) => setImmediate(resolve));
  }

  // The legend of the fourteen allergens the numbers stand for.
  const rows = Math.ceil(ALLERGENS.length / 2);
  const legendHeight = heightOf(fonts.bold, 12, words.allergens) + 6 + rows * 13 + 12;
  if (y + 16 + legendHeight > bottom) newPage();
  else y += 16;
  y += write(words.allergens, { font: fonts.bold, size: 12, colour: colours.title }) + 2;
  rule(colours.highlight, 0.5);
  y += 6;
  const legendTop = y;
  for (const [index, code] of ALLERGENS.entries()) {
    const column = Math.floor(index / rows);
    y = legendTop + (index % rows) * 13;
    write(`${index + 1}  ${words.allergenNames[code] ?? code}`, {
      font: fonts.regular,
      size: 9,
      colour: colours.text,
      x: left + column * (width / 2),
      textWidth: width / 2 - 8,
    });
  }
  y = legendTop + rows * 13 + 12;

  // The menu's footer and the club's contacts.
  const contacts = [
    menu.clubAddress,
    menu.clubDisplayPhone,
    menu.clubDisplayEmail,
    menu.clubWebsite,
    menu.clubWhatsapp ? `WhatsApp ${menu.clubWhatsapp}` : null,
    menu.clubInstagram,
    menu.clubFacebook,
  ]
    .filter(Boolean)
    .join('   ·   ');
  const footer = menuFooter(menu, language);
  const footerHeight =
    (footer ? heightOf(fonts.regular, 9.5, footer) + 6 : 0) +
    (contacts ? heightOf(fonts.regular, 8.5, contacts) + 8 : 0);
  if (footerHeight > 0) {
    if (y + footerHeight + 8 > bottom) newPage();
    rule(colours.highlight, 0.5);
    y += 8;
    if (footer) y += write(footer, { font: fonts.regular, size: 9.5, colour: colours.text }) + 6;
    if (contacts) y += write(contacts, { font: fonts.bold, size: 8.5, colour: colours.highlight });
  }

  // "1 / 3" at every page's foot, once the number of pages is known.
  const { start, count } = document.bufferedPageRange();
  for (let page = start; page < start + count; page += 1) {
    document.switchToPage(page);
    // Writing below the bottom margin would otherwise open a new page.
    document.page.margins.bottom = 0;
    document
      .font(fonts.regular)
      .fontSize(8.5)
      .fillColor(colours.text)
      .text(`${page - start + 1} / ${count}`, left, document.page.height - PAGE_MARGIN.bottom + 24, {
        width,
        align: 'center',
        lineBreak: false,
      });
    document.page.margins.bottom = PAGE_MARGIN.bottom;
  }
  document.end();
  return finished;
};
