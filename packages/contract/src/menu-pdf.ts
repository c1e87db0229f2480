import { z } from 'zod';
import { MenuLanguageSchema } from './entities.ts';

// The printable menu (issue 14): GET /clubs/{clubId}/menu/{menuId}/pdf answers the PDF itself (a blob).

/** `?lang=`: one of the menu's languages; the menu's own language (Italian) when left out. */
export const MenuPdfQuerySchema = z.object({ lang: MenuLanguageSchema.optional() });
export type MenuPdfQuery = z.infer<typeof MenuPdfQuerySchema>;

/** A file name a browser saves without surprises: the menu's name in plain ASCII letters and digits. */
export const menuPdfFileName = (menuName: string) => {
  const base = menuName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  return `${base || 'menu'}.pdf`;
};
