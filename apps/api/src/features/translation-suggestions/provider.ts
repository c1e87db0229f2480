import type { MenuLanguage } from '@carta/contract/limits';

// The machine-translation provider of suggested translations (docs/decisions/0088-suggested-translations.md):
// one interface and the DeepL adapter over its official SDK (deepl-provider.ts), chosen by DEEPL_API_KEY;
// without it there is no provider and the feature is off. Like the payment provider (0047), the tests run
// the real adapter against a local fake of the provider's API (apps/api/test/fake-deepl.ts).

export type TranslationRequest = {
  /** The texts to translate, in order; the answer has one translation for each, in the same order. */
  texts: string[];
  /** The menu's language (MENU_ORIGINAL_LANGUAGE). */
  source: MenuLanguage;
  target: MenuLanguage;
  /**
   * Names to leave as they are wherever they occur in a text: the club's dish names marked not to be
   * translated (its glossary). Matched whole-word, regardless of case.
   */
  keep: readonly string[];
};

export type TranslationProvider = {
  name: 'deepl';
  translate: (request: TranslationRequest) => Promise<string[]>;
};

/** Why the provider gave no translation: each is answered to the owner as "try again later". */
export type ProviderFailure =
  /** Too many requests at the provider (its 429), after its own retries. */
  | 'busy'
  /** The provider's account has used its characters (DeepL's 456). */
  | 'quota'
  /** The key was refused (403): a configuration error the operator must fix. */
  | 'refused'
  /** Not reached, timed out, or a 5xx or an answer not understood. */
  | 'unavailable';

export class TranslationProviderError extends Error {
  readonly failure: ProviderFailure;

  constructor(failure: ProviderFailure, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.failure = failure;
  }
}
