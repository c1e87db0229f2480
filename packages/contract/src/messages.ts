import type { ErrorCode } from './errors.ts';
import type { Language } from './limits.ts';
import en from './locales/en.json' with { type: 'json' };
import excelImportEn from './locales/excel-import.en.json' with { type: 'json' };
import excelImportIt from './locales/excel-import.it.json' with { type: 'json' };
import it from './locales/it.json' with { type: 'json' };
import { parseMessageKey } from './message-keys.ts';

export { type MessageKey, messageKey, parseMessageKey } from './message-keys.ts';

/**
 * The API's catalogues: `errors.*` and `validation.*`, shared with the owner app (message-catalogues.ts),
 * and `excelImport.*`, the workbook's row errors, which only the API words (the app shows its answer).
 */
export const sharedMessages = { it: { ...it, ...excelImportIt }, en: { ...en, ...excelImportEn } } as const;

type Catalogue = typeof sharedMessages.en;

const lookup = (catalogue: Catalogue, dotted: string): string | undefined => {
  let node: unknown = catalogue;
  for (const part of dotted.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
};

/** Translates a (possibly parameterised) message key; unknown keys come back unchanged. */
export const translateMessage = (language: Language, message: string): string => {
  const { key, params } = parseMessageKey(message);
  const template = lookup(sharedMessages[language], key) ?? lookup(sharedMessages.en, key);
  if (!template) return message;
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => params[name] ?? '');
};

export const errorMessage = (language: Language, code: ErrorCode): string =>
  translateMessage(language, `errors.${code}`);
