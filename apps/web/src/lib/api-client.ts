import type { ErrorCode } from '@carta/contract/errors';
import { API_BASE_PATH, API_TIMEOUT_MS } from '@carta/contract/limits';
import type { z } from 'zod';
import { ApiError } from './api-error.ts';
import { emitApiEvent } from './api-events.ts';
import { APP_BUILD, BUILD_HEADER, isBuildOutdated } from './app-build.ts';
import { currentLanguage, i18n } from './i18n.ts';
import { clearSession, getSession } from './session-store.ts';

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A response schema, or a function that imports one. zod and the contract's schemas are the largest part
 * of the app's JavaScript and no first paint needs them: the screens a first visit opens pass theirs this
 * way, and the import starts with the request, so the schemas download while the server answers.
 */
export type ResponseSchema<Schema extends z.ZodType> = Schema | (() => Promise<Schema>);

/** The API's error answer checked against the contract's schema, which loads only when an error comes. */
const parseErrorResponse = async (payload: unknown) => {
  const { ErrorResponseSchema } = await import('@carta/contract/errors');
  return ErrorResponseSchema.safeParse(payload);
};

export type ApiRequestOptions<Schema extends z.ZodType> = {
  method?: HttpMethod;
  /** Sent as JSON; a FormData is sent as multipart/form-data. */
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined>;
  /** Checks (and types) the answer; without it the answer is returned as `unknown`. */
  responseSchema?: ResponseSchema<Schema>;
  /** TanStack Query passes one to cancel a query nobody needs any more. */
  signal?: AbortSignal;
};

const buildUrl = (path: string, query: ApiRequestOptions<z.ZodType>['query']): string => {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== null && value !== undefined) search.set(name, String(value));
  }
  const encoded = search.toString();
  return `${API_BASE_PATH}${path}${encoded ? `?${encoded}` : ''}`;
};

const unexpectedError = (cause: unknown, status = 0, code: ErrorCode = 'INTERNAL_ERROR') =>
  new ApiError({ status, code, message: i18n.t(`errors.${code}`), cause });

const readJson = async (response: Response): Promise<unknown> => {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/**
 * The one way the owner app calls the API: JSON in and out, the session's bearer token, the interface
 * language (the API translates `message` with it), a timeout, and the session and build checks every
 * answer needs.
 */
export const apiRequest = async <Schema extends z.ZodType = z.ZodUnknown>(
  path: string,
  { method = 'GET', body, query, responseSchema, signal }: ApiRequestOptions<Schema> = {},
): Promise<z.output<Schema>> => {
  const { token } = getSession();
  const headers = new Headers({ Accept: 'application/json', 'Accept-Language': currentLanguage() });
  // A form (a file upload) sets its own multipart type and boundary; anything else is sent as JSON.
  const isForm = body instanceof FormData;
  if (body !== undefined && !isForm) headers.set('Content-Type', 'application/json');
  if (token) headers.set('Authorization', `Bearer ${token}`);

  const schema = typeof responseSchema === 'function' ? responseSchema() : Promise.resolve(responseSchema);
  // Awaited only after a good answer: a failed import must not also surface as an unhandled rejection.
  schema.catch(() => undefined);

  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), API_TIMEOUT_MS);
  const abortOnCancel = () => timeout.abort(signal?.reason);
  signal?.addEventListener('abort', abortOnCancel, { once: true });

  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), {
      method,
      headers,
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      signal: timeout.signal,
    });
  } catch (error) {
    // A cancelled query is not a failure: hand TanStack Query its own abort back untouched.
    if (signal?.aborted) throw error;
    throw unexpectedError(error);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', abortOnCancel);
  }

  const serverBuild = response.headers.get(BUILD_HEADER);
  if (isBuildOutdated(serverBuild, APP_BUILD) && serverBuild) {
    emitApiEvent({ type: 'build-outdated', serverBuild });
  }

  const payload = await readJson(response);

  if (!response.ok) {
    // A 401 to a call made without a token is an answer about the request (a failed login), not about
    // a session, so only a call that carried one ends the session.
    if (response.status === 401 && token) {
      clearSession();
      emitApiEvent({ type: 'session-expired' });
    }
    const parsed = await parseErrorResponse(payload).catch(() => ({ success: false }) as const);
    if (!parsed.success) {
      throw unexpectedError(
        payload,
        response.status,
        response.status === 401 ? 'UNAUTHORIZED' : 'INTERNAL_ERROR',
      );
    }
    const retryAfter = Number(response.headers.get('retry-after'));
    throw new ApiError({
      ...parsed.data,
      status: response.status,
      retryAfterSeconds: retryAfter > 0 ? retryAfter : undefined,
    });
  }

  let checker: Schema | undefined;
  try {
    checker = await schema;
  } catch (error) {
    throw unexpectedError(error);
  }
  if (!checker) return payload as z.output<Schema>;
  const parsed = checker.safeParse(payload);
  // An answer of another shape means client and server disagree: a bug, reported like any other.
  if (!parsed.success) throw unexpectedError(parsed.error);
  return parsed.data;
};

/**
 * A binary answer (QR code, PDF) from the API with the session's token, for showing or downloading;
 * failures end as ApiError like any other call.
 */
export const apiBlob = async (path: string, { signal }: { signal?: AbortSignal } = {}): Promise<Blob> => {
  const { token } = getSession();
  const headers = new Headers({ 'Accept-Language': currentLanguage() });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let response: Response;
  try {
    response = await fetch(buildUrl(path, undefined), { headers, signal: signal ?? null });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw unexpectedError(error);
  }
  if (!response.ok) {
    if (response.status === 401 && token) {
      clearSession();
      emitApiEvent({ type: 'session-expired' });
    }
    const parsed = await parseErrorResponse(await readJson(response)).catch(
      () => ({ success: false }) as const,
    );
    throw parsed.success
      ? new ApiError({ ...parsed.data, status: response.status })
      : unexpectedError(null, response.status);
  }
  return response.blob();
};

/** Saves a blob as a file through the browser's download. */
export const saveBlob = (blob: Blob, fileName: string) => {
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
};

/** Thrown from `onopen` to stop retrying: the answer will not change by asking again. */
class StreamRefused extends Error {}

/**
 * A live stream of server-sent events from the API with the session's token (EventSource cannot send
 * one). It reconnects by itself after a dropped connection, also while the tab is in the background,
 * until `signal` aborts; a 401 ends the session as any other call does, and a 4xx stops it. The stream
 * client loads with the first stream, not with every screen's first visit.
 */
export const apiEventStream = async (
  path: string,
  {
    onEvent,
    onOpen,
    signal,
  }: { onEvent: (event: string, data: string) => void; onOpen?: () => void; signal: AbortSignal },
): Promise<void> => {
  const { token } = getSession();
  const headers: Record<string, string> = {
    Accept: 'text/event-stream',
    'Accept-Language': currentLanguage(),
  };
  if (token) headers.Authorization = `Bearer ${token}`;
  const { fetchEventSource } = await import('@microsoft/fetch-event-source');
  // Given up while the client loaded: the library only listens for an abort still to come.
  if (signal.aborted) return;
  return fetchEventSource(buildUrl(path, undefined), {
    headers,
    signal,
    openWhenHidden: true,
    onopen: async (response) => {
      if (response.ok) {
        onOpen?.();
        return;
      }
      if (response.status === 401 && token) {
        clearSession();
        emitApiEvent({ type: 'session-expired' });
      }
      if (response.status >= 400 && response.status < 500) throw new StreamRefused(String(response.status));
      throw new Error(`stream answered ${response.status}`);
    },
    onmessage: (message) => onEvent(message.event, message.data),
    onerror: (error) => {
      // Refused: stop. Anything else (network, 5xx): try again in a few seconds.
      if (error instanceof StreamRefused) throw error;
      return 5000;
    },
  }).catch((error: unknown) => {
    if (!(error instanceof StreamRefused) && !signal.aborted) throw error;
  });
};
