import { z } from 'zod';
import { ThemeSchema } from './entities.ts';
import { plainString, requiredText } from './fields.ts';

// Themes of the guest pages (spec §3 Theme): a few standard ones for everyone, and on the Smart plan a
// custom one per club.

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
export const ThemeChoiceSchema = ThemeSchema.extend({ isCustom: z.boolean() });
export type ThemeChoice = z.infer<typeof ThemeChoiceSchema>;

/** WCAG 2 relative luminance of a `#rrggbb` colour. */
const luminance = (hex: string) => {
  const [red, green, blue] = [1, 3, 5].map((start) => {
    const channel = Number.parseInt(hex.slice(start, start + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
};

/** The WCAG contrast ratio of two colours, from 1 to 21; AA asks at least 4.5 for body text. */
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
