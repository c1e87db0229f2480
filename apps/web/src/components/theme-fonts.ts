import { useEffect } from 'react';

// The owner app draws themes (the theme editor, the banner preview) in the fonts guests get: one place
// loads them and names them, so every preview matches the guest pages.

const FONTS_ID = 'carta-theme-fonts';

/** A theme's font as the owner app draws it: Carta's copy (see useThemeFonts), else the phone's. */
export const themeFontFamily = (font: string) => `"Carta ${font}", "${font}", system-ui, sans-serif`;

/**
 * The themes' fonts, as guests get them from Carta, added to the page once. They are named "Carta <font>",
 * so the app's own text keeps its font.
 */
export const useThemeFonts = () => {
  useEffect(() => {
    if (document.getElementById(FONTS_ID)) return;
    const link = document.createElement('link');
    link.id = FONTS_ID;
    link.rel = 'stylesheet';
    link.href = '/public/fonts.css';
    document.head.append(link);
  }, []);
};
