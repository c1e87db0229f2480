import type { TemplateLanguage } from '@carta/contract/menu-import';
import { useMutation } from '@tanstack/react-query';
import { apiBlob, saveBlob } from '../../../lib/api-client.ts';

const FILE_NAMES: Record<TemplateLanguage, string> = {
  it: 'carta-modello-menu.xlsx',
  en: 'carta-menu-template.xlsx',
};

/** GET /clubs/{clubId}/menu/excel/template?lang=it|en: the workbook to fill in, saved as a download. */
export const downloadTemplate = async (clubId: string, language: TemplateLanguage) => {
  const blob = await apiBlob(`/clubs/${clubId}/menu/excel/template?lang=${language}`);
  saveBlob(blob, FILE_NAMES[language]);
};

export const useDownloadTemplate = (clubId: string) =>
  useMutation({
    mutationFn: (language: TemplateLanguage) => downloadTemplate(clubId, language),
    meta: { hasOwnErrorMessage: true },
  });
