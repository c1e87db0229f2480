import type { MenuLanguage } from '@carta/contract/limits';
import { menuPdfFileName } from '@carta/contract/menu-pdf';
import { useMutation } from '@tanstack/react-query';
import { apiBlob, saveBlob } from '../../../lib/api-client.ts';

/** GET /clubs/{clubId}/menu/{menuId}/pdf: the printable menu, in its own language unless one is asked. */
export const getMenuPdf = (clubId: string, menuId: number, language?: MenuLanguage) =>
  apiBlob(`/clubs/${clubId}/menu/${menuId}/pdf${language ? `?lang=${language}` : ''}`);

/**
 * Downloads a menu's PDF and saves it as a file named after the menu, with the language when it is not
 * the menu's own (`Cena-en.pdf`), so the copies in two languages do not overwrite each other.
 */
export const useDownloadMenuPdf = (clubId: string) =>
  useMutation({
    mutationFn: async (menu: { id: number; name: string; language?: MenuLanguage }) =>
      saveBlob(
        await getMenuPdf(clubId, menu.id, menu.language),
        menuPdfFileName(menu.language ? `${menu.name} ${menu.language}` : menu.name),
      ),
    meta: { hasOwnErrorMessage: true },
  });
