import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local stand-in for the DeepL API v2 endpoints deepl-node calls for text (docs/decisions/0088), so the
// DeepL adapter's tests and the browser tests run the official SDK with no network. It speaks what the SDK
// sends (a form body, or JSON, with `DeepL-Auth-Key` authorization) and answers in DeepL's shapes.
//
// Its translation is deterministic: "[EN-GB] " and the text in capitals, except what is inside an
// ignored element (tag_handling=xml with ignore_tags), which comes back as it went, tags included, the way
// DeepL keeps them. It can be told to fail with DeepL's statuses: 429 (too many requests), 456 (quota
// exceeded), 403 (key refused), 500 or 503.

export type FakeDeeplRequest = {
  method: string;
  path: string;
  /** The request's parameters, from the form body, a JSON body or the query. */
  params: URLSearchParams;
};

export type FakeDeepl = {
  /** The address to give the SDK as `serverUrl` (DEEPL_SERVER_URL). */
  url: string;
  /** The only key the fake accepts; any other answers 403. */
  authKey: string;
  /** Every request received, in order. */
  requests: FakeDeeplRequest[];
  /** The texts of every /v2/translate request, in order, as they arrived. */
  translatedTexts: () => string[];
  /** Answers the next `times` requests (every one, by default) with `status` instead. */
  failWith: (status: 403 | 429 | 456 | 500 | 503, times?: number) => void;
  /** Stops failing and forgets the requests. */
  reset: () => void;
  close: () => Promise<void>;
};

const readBody = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

/** The parameters of a request as the SDK sends them: a form body, JSON (arrays repeat the key) or a query. */
const paramsOf = (request: IncomingMessage, body: string, url: URL): URLSearchParams => {
  if ((request.headers['content-type'] ?? '').includes('application/json')) {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(JSON.parse(body || '{}') as Record<string, unknown>))
      for (const item of [value].flat()) params.append(key, String(item));
    return params;
  }
  return body ? new URLSearchParams(body) : url.searchParams;
};

const ENTITY = /(&(?:[a-z]+|#\d+|#x[0-9a-f]+);)/i;

/** Capitals for the words, the XML entities left alone (&amp; must stay &amp;). */
const capitals = (text: string) =>
  text
    .split(ENTITY)
    .map((part) => (ENTITY.test(part) ? part : part.toUpperCase()))
    .join('');

/** The fake's translation of one text: capitals outside the ignored elements, tags kept. */
export const fakeTranslation = (text: string, target: string, isXml: boolean, ignoredTags: string[]) => {
  const prefix = `[${target.toUpperCase()}] `;
  if (!isXml) return prefix + text.toUpperCase();
  let depth = 0;
  const parts = text.split(/(<[^>]+>)/).map((part) => {
    const tag = /^<(\/?)([A-Za-z][\w.-]*)[^>]*?(\/?)>$/.exec(part);
    if (tag) {
      const [, closing, name, selfClosing] = tag;
      if (name && ignoredTags.includes(name) && !selfClosing) depth += closing ? -1 : 1;
      return part;
    }
    return depth > 0 ? part : capitals(part);
  });
  return prefix + parts.join('');
};

export const startFakeDeepl = async (authKey = 'fake-deepl-key:fx'): Promise<FakeDeepl> => {
  const requests: FakeDeeplRequest[] = [];
  let failure: { status: number; times: number } | null = null;

  const send = (response: ServerResponse, status: number, body: object) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://fake-deepl');
    const body = await readBody(request);
    const params = paramsOf(request, body, url);
    requests.push({ method: request.method ?? 'GET', path: url.pathname, params });
    if (request.headers.authorization !== `DeepL-Auth-Key ${authKey}`)
      return send(response, 403, { message: 'Wrong endpoint. Use https://api.deepl.com' });
    if (failure && failure.times > 0) {
      failure.times -= 1;
      const { status } = failure;
      if (failure.times === 0) failure = null;
      const messages: Record<number, string> = {
        403: 'Authorization failure',
        429: 'Too many requests',
        456: 'Quota Exceeded',
      };
      return send(response, status, { message: messages[status] ?? 'Internal server error' });
    }
    if (request.method === 'POST' && url.pathname === '/v2/translate') {
      const texts = params.getAll('text');
      const target = params.get('target_lang');
      if (texts.length === 0 || !target)
        return send(response, 400, { message: 'Parameter text not specified' });
      if (texts.length > 50) return send(response, 413, { message: 'Too many texts' });
      const isXml = params.get('tag_handling') === 'xml';
      const ignored = (params.get('ignore_tags') ?? '').split(',').filter(Boolean);
      return send(response, 200, {
        translations: texts.map((text) => ({
          detected_source_language: (params.get('source_lang') ?? 'IT').toUpperCase(),
          text: fakeTranslation(text, target, isXml, ignored),
          billed_characters: [...text].length,
        })),
      });
    }
    if (url.pathname === '/v2/usage')
      return send(response, 200, { character_count: 0, character_limit: 500_000 });
    return send(response, 404, { message: 'Not found' });
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) =>
      send(response, 500, { message: (error as Error).message }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    authKey,
    requests,
    translatedTexts: () =>
      requests
        .filter((entry) => entry.path === '/v2/translate')
        .flatMap((entry) => entry.params.getAll('text')),
    failWith: (status, times = Number.POSITIVE_INFINITY) => {
      failure = { status, times };
    },
    reset: () => {
      failure = null;
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
