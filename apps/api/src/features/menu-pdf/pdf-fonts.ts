import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { THEME_FONTS, type ThemeFont } from '@carta/contract/themes';

// The printed menu's fonts, and the characters they draw.

/**
 * The theme's font, embedded (subset) in the PDF. The guest pages serve each font as one variable WOFF2
 * (apps/guest/src/fonts.ts), which fontkit cannot subset for pdfkit (composite glyphs, accented letters,
 * fail with a RangeError); the same fonts' static WOFF files per weight (@fontsource, Latin subset, the
 * guest pages' subset) embed well. A menu without a theme prints in Inter. Oswald has no italic: its
 * regular stands in. Read once per process.
 */
const FONT_PACKAGES: Record<ThemeFont, string> = {
  Inter: 'inter',
  Lora: 'lora',
  'Playfair Display': 'playfair-display',
  Nunito: 'nunito',
  Oswald: 'oswald',
};
const require = createRequire(import.meta.url);
const fontFiles = new Map<string, Buffer | null>();
const fontFile = (slug: string, weight: 400 | 700, style: 'normal' | 'italic') => {
  const name = `${slug}-latin-${weight}-${style}.woff`;
  if (!fontFiles.has(name)) {
    let body: Buffer | null = null;
    try {
      body = readFileSync(require.resolve(`@fontsource/${slug}/files/${name}`));
    } catch {
      body = null;
    }
    fontFiles.set(name, body);
  }
  return fontFiles.get(name) ?? null;
};
const isThemeFont = (font: string | undefined): font is ThemeFont =>
  font !== undefined && (THEME_FONTS as readonly string[]).includes(font);

/** Registers the theme's font in the document: its names for the regular, bold and italic faces. */
export const registerFonts = (document: PDFKit.PDFDocument, themeFont: string | undefined) => {
  const slug = FONT_PACKAGES[isThemeFont(themeFont) ? themeFont : 'Inter'];
  const regular = fontFile(slug, 400, 'normal');
  const bold = fontFile(slug, 700, 'normal');
  if (!regular || !bold) return { regular: 'Helvetica', bold: 'Helvetica-Bold', italic: 'Helvetica-Oblique' };
  document.registerFont('theme-regular', regular);
  document.registerFont('theme-bold', bold);
  document.registerFont('theme-italic', fontFile(slug, 400, 'italic') ?? regular);
  return { regular: 'theme-regular', bold: 'theme-bold', italic: 'theme-italic' };
};

/**
 * Only what the fonts' Latin subset draws (about WinAnsi): the narrow and thin spaces some languages put
 * in prices become ordinary no-break spaces, anything else outside it a question mark, not an empty box.
 */
export const printable = (text: string) =>
  text
    .replace(/[\u2009\u202f]/g, '\u00a0')
    .replace(
      /[^\n\t\u0020-\u00ff\u0152\u0153\u0160\u0161\u0178\u017d\u017e\u0192\u02c6\u02dc\u2013\u2014\u2018-\u201e\u2020-\u2022\u2026\u2030\u2039\u203a\u20ac\u2122]/gu,
      '?',
    );
