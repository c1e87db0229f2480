import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { createDeeplProvider } from '../src/features/translation-suggestions/deepl-provider.ts';
import {
  keptNamesPattern,
  markKeptNames,
  unmarkKeptNames,
} from '../src/features/translation-suggestions/keep-names.ts';
import {
  type TranslationProvider,
  TranslationProviderError,
} from '../src/features/translation-suggestions/provider.ts';
import { type FakeDeepl, startFakeDeepl } from './fake-deepl.ts';

// The DeepL adapter through the official SDK (deepl-node) against the local fake of DeepL's API
// (./fake-deepl.ts): no network. The fake answers "[EN-GB] " and capitals, leaving ignored elements alone.

describe('kept dish names (the glossary markup)', () => {
  it('wraps whole-word names, longest first, whatever their case, and escapes the rest', () => {
    const pattern = keptNamesPattern(['Nerano', 'Pizza Nerano', 'x', ' ', 'Nerano']);
    expect(markKeptNames('pizza nerano & spaghetti alla Nerano, non Neranone <3', pattern)).toBe(
      '<keep>pizza nerano</keep> &amp; spaghetti alla <keep>Nerano</keep>, non Neranone &lt;3',
    );
  });

  it('takes names with letters of any language and characters a pattern would read', () => {
    const pattern = keptNamesPattern(['Caffè (corretto)', 'Gnocchi.']);
    expect(markKeptNames('un caffè (corretto) e gnocchi.', pattern)).toBe(
      'un <keep>caffè (corretto)</keep> e <keep>gnocchi.</keep>',
    );
    expect(markKeptNames('Caffèlatte', keptNamesPattern(['Caffè']))).toBe('Caffèlatte');
  });

  it('has nothing to look for without names, and reads the answer back as plain text', () => {
    expect(keptNamesPattern([])).toBeNull();
    expect(markKeptNames('A & B', null)).toBe('A &amp; B');
    expect(unmarkKeptNames('<keep>Nerano</keep> &amp; chips &lt;3 &#233;&#xE8;')).toBe(
      'Nerano & chips <3 éè',
    );
  });
});

describe('DeepL provider', () => {
  let fake: FakeDeepl;
  let provider: TranslationProvider;

  beforeAll(async () => {
    fake = await startFakeDeepl();
    provider = createDeeplProvider({ apiKey: fake.authKey, serverUrl: fake.url, maxRetries: 0 });
  });
  afterAll(async () => {
    await fake.close();
  });
  beforeEach(() => fake.reset());

  const translate = (texts: string[], keep: string[] = [], on = provider) =>
    on.translate({ texts, source: 'it', target: 'en', keep });

  it('translates each text in order, keeping the club’s dish names as they are', async () => {
    const answer = await translate(
      ['Spaghetti alla Nerano', 'Zucchine & provolone', 'Pizza Nerano: la nostra'],
      ['Nerano', 'Pizza Nerano'],
    );
    expect(answer).toEqual([
      '[EN-GB] SPAGHETTI ALLA Nerano',
      '[EN-GB] ZUCCHINE & PROVOLONE',
      '[EN-GB] Pizza Nerano: LA NOSTRA',
    ]);
    const [sent] = fake.requests;
    expect(sent?.path).toBe('/v2/translate');
    expect(sent?.params.get('source_lang')).toMatch(/^it$/i);
    expect(sent?.params.get('target_lang')).toMatch(/^en-gb$/i);
    expect(sent?.params.get('tag_handling')).toBe('xml');
    expect(sent?.params.get('ignore_tags')).toBe('keep');
    expect(sent?.params.getAll('text')).toEqual([
      'Spaghetti alla <keep>Nerano</keep>',
      'Zucchine &amp; provolone',
      '<keep>Pizza Nerano</keep>: la nostra',
    ]);
  });

  it('sends each line apart and puts the line breaks back, blank lines unsent', async () => {
    expect(await translate(['Coperto 2 €\n\nServizio incluso', 'Uno'])).toEqual([
      '[EN-GB] COPERTO 2 €\n\n[EN-GB] SERVIZIO INCLUSO',
      '[EN-GB] UNO',
    ]);
    expect(fake.translatedTexts()).toEqual(['Coperto 2 €', 'Servizio incluso', 'Uno']);
  });

  it('sends at most 50 texts a request', async () => {
    const texts = Array.from({ length: 120 }, (_, index) => `Piatto ${index}`);
    const answer = await translate(texts);
    expect(answer).toHaveLength(120);
    expect(answer[119]).toBe('[EN-GB] PIATTO 119');
    expect(fake.requests.map((entry) => entry.params.getAll('text').length)).toEqual([50, 50, 20]);
  });

  it.each([
    [429, 'busy'],
    [456, 'quota'],
    [403, 'refused'],
    [500, 'unavailable'],
    [503, 'unavailable'],
  ] as const)('names DeepL’s %i as %s', async (status, failure) => {
    fake.failWith(status);
    const error = await translate(['Carbonara']).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TranslationProviderError);
    expect((error as TranslationProviderError).failure).toBe(failure);
  });

  it('starts no request of a batch once its deadline has passed', async () => {
    const late = createDeeplProvider({
      apiKey: fake.authKey,
      serverUrl: fake.url,
      maxRetries: 0,
      deadlineMs: -1,
    });
    await expect(translate(['Carbonara'], [], late)).rejects.toMatchObject({ failure: 'unavailable' });
    expect(fake.requests).toEqual([]);
  });

  it('tries a 429 again by itself when it may (the SDK’s backoff)', async () => {
    // The SDK's count: 2 is one retry, after its backoff of about a second.
    const patient = createDeeplProvider({ apiKey: fake.authKey, serverUrl: fake.url, maxRetries: 2 });
    fake.failWith(429, 1);
    expect(await translate(['Carbonara'], [], patient)).toEqual(['[EN-GB] CARBONARA']);
    expect(fake.requests).toHaveLength(2);
  });

  it('refuses a wrong key and reports an address nobody answers at as unavailable', async () => {
    const wrongKey = createDeeplProvider({ apiKey: 'not-the-key', serverUrl: fake.url, maxRetries: 0 });
    await expect(translate(['Carbonara'], [], wrongKey)).rejects.toMatchObject({ failure: 'refused' });
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const nobody = createDeeplProvider({
      apiKey: fake.authKey,
      serverUrl: `http://127.0.0.1:${port}`,
      maxRetries: 0,
      timeoutMs: 2_000,
    });
    await expect(translate(['Carbonara'], [], nobody)).rejects.toMatchObject({ failure: 'unavailable' });
  });
});

describe('DeepL configuration', () => {
  const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/carta-test-unused' };

  it('is off without DEEPL_API_KEY, on with it, at another address only with a key', () => {
    expect(loadConfig(base).translation).toEqual({ kind: 'off' });
    expect(
      loadConfig({ ...base, DEEPL_API_KEY: 'key:fx', DEEPL_SERVER_URL: 'http://127.0.0.1:9/' }).translation,
    ).toEqual({
      kind: 'deepl',
      apiKey: 'key:fx',
      serverUrl: 'http://127.0.0.1:9',
    });
    expect(loadConfig({ ...base, DEEPL_API_KEY: 'key:fx' }).translation).toMatchObject({
      serverUrl: undefined,
    });
    expect(() => loadConfig({ ...base, DEEPL_SERVER_URL: 'http://127.0.0.1:9' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, DEEPL_API_KEY: 'key', DEEPL_SERVER_URL: 'not a url' })).toThrow(
      /DEEPL_SERVER_URL/,
    );
  });
});
