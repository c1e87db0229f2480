import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { THEME_FONTS, type ThemeFont } from '@carta/contract/themes';

// The themes' fonts, served by Carta itself (no third-party request): the Latin subset of each as one
// variable WOFF2 file (every weight), which covers Italian, English, German, French and Spanish.

const require = createRequire(import.meta.url);

const PACKAGES: Record<ThemeFont, string> = {
  Inter: 'inter',
  Lora: 'lora',
  'Playfair Display': 'playfair-display',
  Nunito: 'nunito',
  Oswald: 'oswald',
};

/** The Latin subset's range, as Fontsource declares it. */
export const LATIN_RANGE =
  'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD';

export type FontFile = { family: ThemeFont; name: string; body: Buffer };

/** Each theme font's file, named by its content hash. */
export const loadThemeFonts = async (): Promise<Map<ThemeFont, FontFile>> => {
  const entries = await Promise.all(
    THEME_FONTS.map(async (family) => {
      const slug = PACKAGES[family];
      const body = await readFile(
        require.resolve(`@fontsource-variable/${slug}/files/${slug}-latin-wght-normal.woff2`),
      );
      const hash = createHash('sha256').update(body).digest('hex').slice(0, 12);
      return [family, { family, name: `${slug}-${hash}.woff2`, body }] as const;
    }),
  );
  return new Map(entries);
};
