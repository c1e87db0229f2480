import { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY, LANGUAGES, type Language } from '@carta/contract/limits';
import { defaultSharedMessages, loadSharedMessages } from '@carta/contract/message-catalogues';
import { parseMessageKey } from '@carta/contract/messages';
import i18next, { type TFunction } from 'i18next';
import { initReactI18next } from 'react-i18next';
import it from '../locales/it.json' with { type: 'json' };

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

const storedLanguage = localStorage.getItem(LANGUAGE_STORAGE_KEY);
const initialLanguage: Language = isLanguage(storedLanguage) ? storedLanguage : DEFAULT_LANGUAGE;

// The app's own texts sit beside the contract's `errors.*` and `validation.*`, which the API uses too,
// so a code the API answers reads the same in both. Italian is the default and the fallback of any
// missing key, so it ships with the app; the other languages' texts, the contract's messages among them,
// come in chunks of their own when someone chooses them, instead of weighing on everyone's first visit.
const laterTranslations: Partial<Record<Language, () => Promise<{ default: Record<string, unknown> }>>> = {
  en: () => import('../locales/en.json'),
};

export const i18n = i18next;

void i18n.use(initReactI18next).init({
  resources: { it: { translation: { ...defaultSharedMessages, ...it } } },
  lng: initialLanguage,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: LANGUAGES,
  // Italian is bundled, so initialising synchronously avoids a first render with raw keys.
  initAsync: false,
  // React escapes what it renders already.
  interpolation: { escapeValue: false },
});

const loadedLanguages = new Set<Language>([DEFAULT_LANGUAGE]);
const loadTranslations = async (language: Language): Promise<void> => {
  const load = laterTranslations[language];
  if (loadedLanguages.has(language) || !load) return;
  const [shared, { default: texts }] = await Promise.all([loadSharedMessages[language](), load()]);
  // Deep, so texts a screen added for this language already (the admin console's) stay.
  i18n.addResourceBundle(language, 'translation', { ...shared, ...texts }, true, true);
  loadedLanguages.add(language);
};

/** Resolves when the chosen language's texts are in: main.tsx renders nothing before, so no text flickers. */
export const translationsReady: Promise<void> = loadTranslations(initialLanguage);

const applyLanguage = (language: string) => {
  document.documentElement.lang = language;
};
applyLanguage(i18n.language);
i18n.on('languageChanged', applyLanguage);

export const currentLanguage = (): Language => (isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE);

/** Switches the interface language and remembers it on this device. */
export const changeLanguage = async (language: Language): Promise<void> => {
  await loadTranslations(language);
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
