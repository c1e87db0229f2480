import { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY, LANGUAGES, type Language } from '@carta/contract/limits';
import { parseMessageKey, sharedMessages } from '@carta/contract/messages';
import i18next, { type TFunction } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json' with { type: 'json' };
import it from '../locales/it.json' with { type: 'json' };

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

const storedLanguage = localStorage.getItem(LANGUAGE_STORAGE_KEY);

// The app's own texts sit beside the contract's `errors.*` and `validation.*`, which the API uses too,
// so a code the API answers reads the same in both.
export const resources = {
  it: { translation: { ...sharedMessages.it, ...it } },
  en: { translation: { ...sharedMessages.en, ...en } },
} as const;

export const i18n = i18next;

void i18n.use(initReactI18next).init({
  resources,
  lng: isLanguage(storedLanguage) ? storedLanguage : DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: LANGUAGES,
  // Resources are bundled, so initialising synchronously avoids a first render with raw keys.
  initAsync: false,
  // React escapes what it renders already.
  interpolation: { escapeValue: false },
});

const applyLanguage = (language: string) => {
  document.documentElement.lang = language;
};
applyLanguage(i18n.language);
i18n.on('languageChanged', applyLanguage);

export const currentLanguage = (): Language => (isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE);

/** Switches the interface language and remembers it on this device. */
export const changeLanguage = async (language: Language): Promise<void> => {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  await i18n.changeLanguage(language);
};

/**
 * Validation messages arrive as keys, possibly with parameters (`validation.tooLong?max=100`, see
 * @carta/contract/messages); this turns one into text in the current language.
 */
export const translateMessageKey = (t: TFunction, message: string): string => {
  const { key, params } = parseMessageKey(message);
  return t(key, params);
};
