import i18next, { type TFunction } from 'i18next';
import { beforeAll } from 'vitest';
import adminEnglish from '../src/features/admin/locales/en.json' with { type: 'json' };
import adminItalian from '../src/features/admin/locales/it.json' with { type: 'json' };
import english from '../src/locales/en.json' with { type: 'json' };
import italian from '../src/locales/it.json' with { type: 'json' };

const TEXTS = {
  app: { it: italian, en: english },
  // The console's texts live under `admin`, as the app loads them.
  admin: { it: { admin: adminItalian }, en: { admin: adminEnglish } },
};

/**
 * The owner app's texts (or the admin console's) as `t` in Italian and English, ready before the file's
 * tests run: for tests that read what a user reads.
 */
export const translatorsBeforeAll = (texts: keyof typeof TEXTS = 'app') => {
  const translators = {} as Record<'it' | 'en', TFunction>;
  beforeAll(async () => {
    for (const language of ['it', 'en'] as const) {
      const instance = i18next.createInstance();
      await instance.init({
        lng: language,
        resources: { [language]: { translation: TEXTS[texts][language] } },
        interpolation: { escapeValue: false },
      });
      translators[language] = instance.t;
    }
  });
  return translators;
};
