import type { Language } from './limits.ts';
import it from './locales/it.json' with { type: 'json' };

/**
 * The shared catalogues (`errors.*`, `validation.*`) for an app that ships the default language and loads
 * the others when someone chooses them, as the owner app does: `sharedMessages` (messages.ts) holds both
 * at once, with the Excel import's row errors that only the API words, which suits the API.
 */
export const defaultSharedMessages = it;

export const loadSharedMessages: Record<Language, () => Promise<typeof it>> = {
  it: async () => it,
  en: async () => (await import('./locales/en.json')).default,
};
