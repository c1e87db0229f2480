import { z } from 'zod';
import { plainString, requiredText } from './fields.ts';

// Themes of the guest pages (docs/product.md, Themes): a few standard ones for everyone, and on the Smart plan a
// custom one per club.

/** A theme as the guest pages and the PDF menu apply it. */
export const ThemeSchema = z.object({
  id: z.number(),
  name: z.string(),
  background: z.string(),
  backgroundImage: z.string().nullable(),
  bestSellerLabelColor: z.string(),
  suggestedLabelColor: z.string(),
  buttonText: z.string(),
  divider: z.string(),
  font: z.string(),
  main: z.string(),
  text: z.string(),
  tabBackground: z.string(),
  tabText: z.string(),
  pdfHighlight: z.string(),
  pdfSectionTitle: z.string(),
  pdfText: z.string(),
  /** The PDF menu shows dishes' photos. */
  pdfPhotos: z.boolean(),
});
export type Theme = z.infer<typeof ThemeSchema>;

/** Fonts the guest pages ship with. */
export const THEME_FONTS = ['Inter', 'Lora', 'Playfair Display', 'Nunito', 'Oswald'] as const;
export type ThemeFont = (typeof THEME_FONTS)[number];

export const THEME_COLOURS = [
  'background',
  'text',
  'main',
  'buttonText',
  'divider',
  'tabBackground',
  'tabText',
  'bestSellerLabelColor',
  'suggestedLabelColor',
  'pdfHighlight',
  'pdfSectionTitle',
  'pdfText',
] as const;
export type ThemeColour = (typeof THEME_COLOURS)[number];

const colour = z
  .string({ error: 'validation.required' })
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, { error: 'validation.colour' })
  .transform((value) => value.toLowerCase());

/** PUT /clubs/{clubId}/themes/custom: the club's own theme. */
export const SaveCustomThemeRequestSchema = z
  .object({
    name: requiredText(60),
    font: z.enum(THEME_FONTS, { error: 'validation.invalid' }),
    /** An image key from the upload flow (purpose `background`), or null for none. */
    backgroundImage: plainString().max(200).nullable().default(null),
    /** The PDF menu shows dishes' photos. */
    pdfPhotos: z.boolean().default(false),
    ...(Object.fromEntries(THEME_COLOURS.map((name) => [name, colour])) as Record<
      ThemeColour,
      typeof colour
    >),
  })
  .strict();
export type SaveCustomThemeRequest = z.input<typeof SaveCustomThemeRequestSchema>;

/** GET /clubs/{clubId}/themes: the standard themes, then the club's own when it has one. */
export const ThemeChoiceSchema = ThemeSchema.extend({
  isCustom: z.boolean(),
  /** The background image's key (null without one), for saving the theme again with the same image. */
  backgroundImageKey: z.string().nullable(),
});
export type ThemeChoice = z.infer<typeof ThemeChoiceSchema>;

/** WCAG 2 relative luminance of a `#rrggbb` colour. */
const luminance = (hex: string) => {
  const [red, green, blue] = [1, 3, 5].map((start) => {
    const channel = Number.parseInt(hex.slice(start, start + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
};

/** The WCAG contrast ratio of two colours, from 1 to 21. */
export const contrastRatio = (first: string, second: string) => {
  const [lighter, darker] = [luminance(first), luminance(second)].sort((a, b) => b - a) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
};

/** Pairs of a theme that guests read one on the other. */
export const THEME_CONTRAST_PAIRS: readonly [ThemeColour, ThemeColour][] = [
  ['text', 'background'],
  ['buttonText', 'main'],
  ['tabText', 'tabBackground'],
];

/** WCAG AA's least contrast for body text: what every pair guests read one on the other should reach. */
export const MIN_TEXT_CONTRAST = 4.5;

const isHexColour = (value: string | undefined): value is string => /^#[0-9a-fA-F]{6}$/.test(value ?? '');

/**
 * The pairs of a theme guests would struggle to read, with their ratio; a pair with a colour that is not
 * (yet) a `#rrggbb` is left out, so a half-typed colour warns of nothing.
 */
export const lowContrastPairs = (colours: Partial<Record<ThemeColour, string>>) =>
  THEME_CONTRAST_PAIRS.flatMap(([foreground, background]) => {
    const [first, second] = [colours[foreground], colours[background]];
    if (!isHexColour(first) || !isHexColour(second)) return [];
    const ratio = contrastRatio(first, second);
    return ratio < MIN_TEXT_CONTRAST ? [{ foreground, background, ratio }] : [];
  });
