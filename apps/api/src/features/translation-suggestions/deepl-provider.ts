import type { MenuLanguage } from '@carta/contract/limits';
import {
  AuthorizationError,
  QuotaExceededError,
  type SourceLanguageCode,
  type TargetLanguageCode,
  TooManyRequestsError,
  Translator,
} from 'deepl-node';
import { KEEP_TAG, keptNamesPattern, markKeptNames, unmarkKeptNames } from './keep-names.ts';
import { type TranslationProvider, TranslationProviderError } from './provider.ts';

// DeepL through its official SDK (docs/decisions/0088-suggested-translations.md). The texts go as XML with
// the club's kept dish names in <keep> elements DeepL is told to ignore; each line of a text goes as a text
// of its own, so its line breaks come back where they were.

/** DeepL's codes of the menu languages: English as written in the UK, for Italy's European guests. */
const DEEPL_TARGETS: Record<MenuLanguage, TargetLanguageCode> = {
  it: 'it',
  en: 'en-GB',
  de: 'de',
  fr: 'fr',
  es: 'es',
};
const DEEPL_SOURCES: Record<MenuLanguage, SourceLanguageCode> = {
  it: 'it',
  en: 'en',
  de: 'de',
  fr: 'fr',
  es: 'es',
};

/** DeepL takes at most 50 texts in one request. */
const TEXTS_PER_REQUEST = 50;

export type DeeplProviderOptions = {
  apiKey: string;
  /** Another address than DeepL's own (chosen by the key: free or pro): the tests' local fake. */
  serverUrl?: string | undefined;
  /**
   * The SDK's `maxRetries` for a 429 or a 5xx, with its own backoff from one second: few, since the owner is
   * waiting. In its count 2 is one retry, 0 and 1 none.
   */
  maxRetries?: number;
  /** Each attempt's timeout, ms. */
  timeoutMs?: number;
  /**
   * No request of a batch starts after this many ms from the first: the owner app gives up on a call after
   * API_TIMEOUT_MS (60 s), so the answer must come before.
   */
  deadlineMs?: number;
};

/** What the SDK threw, in the provider's terms. */
const failureOf = (error: unknown): TranslationProviderError => {
  const message = `DeepL did not translate: ${(error as Error).message}`;
  if (error instanceof TooManyRequestsError)
    return new TranslationProviderError('busy', message, { cause: error });
  if (error instanceof QuotaExceededError)
    return new TranslationProviderError('quota', message, { cause: error });
  if (error instanceof AuthorizationError)
    return new TranslationProviderError('refused', message, { cause: error });
  return new TranslationProviderError('unavailable', message, { cause: error });
};

/** Every text's lines, in order, and how many lines each text has. */
const linesOf = (texts: readonly string[]) => {
  const lines = texts.map((text) => text.split('\n'));
  return { flat: lines.flat(), counts: lines.map((textLines) => textLines.length) };
};

/** Lines that are blank are not sent: they come back as they were. */
const isBlank = (line: string) => line.trim() === '';

export const createDeeplProvider = ({
  apiKey,
  serverUrl,
  maxRetries = 2,
  timeoutMs = 10_000,
  deadlineMs = 35_000,
}: DeeplProviderOptions): TranslationProvider => {
  const translator = new Translator(apiKey, {
    ...(serverUrl ? { serverUrl } : {}),
    maxRetries,
    minTimeout: timeoutMs,
    sendPlatformInfo: false,
    appInfo: { appName: 'carta', appVersion: '1' },
  });

  const translateLines = async (
    lines: string[],
    source: MenuLanguage,
    target: MenuLanguage,
    keep: RegExp | null,
  ) => {
    const translated: string[] = [];
    const deadline = Date.now() + deadlineMs;
    for (let start = 0; start < lines.length; start += TEXTS_PER_REQUEST) {
      if (Date.now() > deadline)
        throw new TranslationProviderError(
          'unavailable',
          `DeepL took over ${deadlineMs} ms for ${lines.length} texts`,
        );
      const chunk = lines.slice(start, start + TEXTS_PER_REQUEST);
      try {
        const results = await translator.translateText(
          chunk.map((line) => markKeptNames(line, keep)),
          DEEPL_SOURCES[source],
          DEEPL_TARGETS[target],
          { tagHandling: 'xml', ignoreTags: [KEEP_TAG], preserveFormatting: true },
        );
        if (results.length !== chunk.length)
          throw new Error(`${results.length} translations for ${chunk.length} texts`);
        translated.push(...results.map((result) => unmarkKeptNames(result.text)));
      } catch (error) {
        throw failureOf(error);
      }
    }
    return translated;
  };

  return {
    name: 'deepl',
    translate: async ({ texts, source, target, keep }) => {
      const { flat, counts } = linesOf(texts);
      const sent = flat.filter((line) => !isBlank(line));
      const translated = await translateLines(sent, source, target, keptNamesPattern(keep));
      let next = 0;
      const lines = flat.map((line) => (isBlank(line) ? line : (translated[next++] ?? '')));
      let from = 0;
      return counts.map((count) => {
        const text = lines.slice(from, from + count).join('\n');
        from += count;
        return text;
      });
    },
  };
};
