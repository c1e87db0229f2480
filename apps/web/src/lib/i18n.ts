import { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY, LANGUAGES, type Language } from '@carta/contract/limits';
import { defaultSharedMessages, loadSharedMessages } from '@carta/contract/message-catalogues';
import { parseMessageKey } from '@carta/contract/message-keys';
import i18next, { type TFunction } from 'i18next';
import { initReactI18next } from 'react-i18next';
import firstItalianTexts from '../locales/it.json?texts=first';

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

const storedLanguage = localStorage.getItem(LANGUAGE_STORAGE_KEY);
const initialLanguage: Language = isLanguage(storedLanguage) ? storedLanguage : DEFAULT_LANGUAGE;

// The app's own texts sit beside the contract's `errors.*` and `validation.*`, which the API uses too,
// so a code the API answers reads the same in both. Italian is the default and the fallback of any
// missing key, so the part of it a first visit needs ships with the app (locales/text-groups.ts); the
// rest, and the other languages' texts with the contract's messages, come in chunks of their own.
type Texts = Record<string, unknown>;
type TextsPart = 'first' | 'later';
const textLoaders: Record<Language, Record<TextsPart, () => Promise<Texts>>> = {
  it: {
    first: async () => ({ ...defaultSharedMessages, ...firstItalianTexts }),
    later: async () => (await import('../locales/it.json?texts=later')).default,
  },
  en: {
    first: async () => {
      const [shared, texts] = await Promise.all([
        loadSharedMessages.en(),
        import('../locales/en.json?texts=first'),
      ]);
      return { ...shared, ...texts.default };
    },
    later: async () => (await import('../locales/en.json?texts=later')).default,
  },
};

export const i18n = i18next;

void i18n.use(initReactI18next).init({
  resources: { it: { translation: { ...defaultSharedMessages, ...firstItalianTexts } } },
  lng: initialLanguage,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: LANGUAGES,
  // The first Italian texts are bundled, so initialising synchronously avoids a first render with raw keys.
  initAsync: false,
  // React escapes what it renders already.
  interpolation: { escapeValue: false },
  // When the later texts arrive (prefetched when idle), what shows re-renders with them: a first screen
  // that used one of their keys shows the text from then on.
  react: { bindI18nStore: 'added' },
});

const loadedParts = new Map<string, Promise<void>>([[`${DEFAULT_LANGUAGE}:first`, Promise.resolve()]]);
const loadPart = (language: Language, part: TextsPart): Promise<void> => {
  const id = `${language}:${part}`;
  let loading = loadedParts.get(id);
  if (!loading) {
    loading = textLoaders[language][part]().then((texts) => {
      // Deep, so texts a screen added for this language already (the admin console's) stay.
      i18n.addResourceBundle(language, 'translation', texts, true, true);
    });
    // A failed download (offline) may be tried again by the next screen that needs it.
    loading.catch(() => loadedParts.delete(id));
    loadedParts.set(id, loading);
  }
  return loading;
};

let isLaterWanted = false;
const loadTranslations = async (language: Language): Promise<void> => {
  await Promise.all([loadPart(language, 'first'), isLaterWanted ? loadPart(language, 'later') : undefined]);
};

/**
 * The texts of every screen in the current language (a language switch then loads them too): the router
 * awaits it beside the chunk of any screen outside the first visit's (router.tsx), and main.tsx asks for
 * it when the browser is idle after the first screen.
 */
export const loadLaterTexts = (): Promise<void> => {
  isLaterWanted = true;
  return loadPart(currentLanguage(), 'later');
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
