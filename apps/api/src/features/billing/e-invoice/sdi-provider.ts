import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../../config.ts';

// Where FatturaPA files go on their way to the Sistema di Interscambio (docs/decisions/0062): an
// accredited intermediary's API, or, by default, a folder an accountant collects them from.

export type SdiFile = { fileName: string; xml: string };
export type SdiOutcome = { status: 'sent' | 'delivered' | 'rejected'; reason?: string };

export type SdiProvider = {
  name: 'outbox' | 'http';
  /** Hands the file over; answers the provider's id for it. */
  send: (file: SdiFile) => Promise<{ providerId: string }>;
  /** What became of a file handed over: still on its way, delivered, or rejected with SDI's reason. */
  status: (providerId: string) => Promise<SdiOutcome>;
};

/** The provider could not be reached or did not answer: nothing was decided, try again later. */
export class SdiUnavailableError extends Error {}

/** The provider refused the file itself (it will not take it as it is): the file is rejected. */
export class SdiRefusedError extends Error {}

/**
 * The default: each file written to `directory` (DATA_DIR/sdi-outbox), whole or not at all (written
 * beside, then renamed), and delivered once it is there: delivered to the accountant's folder, who sends
 * it on. Writing the same name again writes the same file.
 */
export const createOutboxProvider = (directory: string): SdiProvider => ({
  name: 'outbox',
  send: async ({ fileName, xml }) => {
    await mkdir(directory, { recursive: true });
    const target = path.join(directory, path.basename(fileName));
    const partial = `${target}.${process.pid}.partial`;
    await writeFile(partial, xml, 'utf8');
    await rename(partial, target);
    return { providerId: path.basename(fileName) };
  },
  status: async () => ({ status: 'delivered' }),
});

/** How long one call to the intermediary may take. */
const HTTP_TIMEOUT_MS = 15_000;

const messageOf = async (response: Response) => {
  try {
    const body = (await response.json()) as { message?: unknown; reason?: unknown };
    const message = body.reason ?? body.message;
    return typeof message === 'string' && message ? message : `HTTP ${response.status}`;
  } catch {
    return `HTTP ${response.status}`;
  }
};

/**
 * An intermediary's HTTP API (SDI_PROVIDER_URL, SDI_PROVIDER_TOKEN as a bearer token):
 * `POST {url}/files` with the XML (`X-File-Name` and `Idempotency-Key` its file name) answers `{ id }`
 * (201, or 409 with the id it already has under that name); `GET {url}/files/{id}` answers
 * `{ status: 'sent' | 'delivered' | 'rejected', reason? }`. A 400 or 422 on sending is a refusal of the
 * file; a network error, a timeout, another 4xx or a 5xx leaves it to be tried again.
 */
export const createHttpProvider = (url: string, token: string): SdiProvider => {
  const call = async (address: string, init: RequestInit) => {
    try {
      return await fetch(address, {
        ...init,
        headers: { ...init.headers, authorization: `Bearer ${token}`, accept: 'application/json' },
        signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
      });
    } catch (error) {
      throw new SdiUnavailableError(
        `The intermediary could not be reached: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  };
  return {
    name: 'http',
    send: async ({ fileName, xml }) => {
      const response = await call(`${url}/files`, {
        method: 'POST',
        headers: {
          'content-type': 'application/xml; charset=utf-8',
          'x-file-name': fileName,
          'idempotency-key': fileName,
        },
        body: xml,
      });
      if (response.ok || response.status === 409) {
        const body = (await response.json().catch(() => ({}))) as { id?: unknown };
        if (typeof body.id === 'string' || typeof body.id === 'number')
          return { providerId: String(body.id) };
        throw new SdiUnavailableError(
          `The intermediary gave no id for ${fileName} (HTTP ${response.status})`,
        );
      }
      if (response.status === 400 || response.status === 422)
        throw new SdiRefusedError(await messageOf(response));
      throw new SdiUnavailableError(`The intermediary answered ${await messageOf(response)}`);
    },
    status: async (providerId) => {
      const response = await call(`${url}/files/${encodeURIComponent(providerId)}`, { method: 'GET' });
      if (!response.ok)
        throw new SdiUnavailableError(`The intermediary answered ${await messageOf(response)}`);
      const body = (await response.json().catch(() => ({}))) as { status?: unknown; reason?: unknown };
      if (body.status !== 'sent' && body.status !== 'delivered' && body.status !== 'rejected')
        throw new SdiUnavailableError(`The intermediary gave no status for ${providerId}`);
      return {
        status: body.status,
        ...(typeof body.reason === 'string' && body.reason ? { reason: body.reason } : {}),
      };
    },
  };
};

export const sdiProviderFor = (config: Config): SdiProvider =>
  config.sdi.kind === 'http'
    ? createHttpProvider(config.sdi.url, config.sdi.token)
    : createOutboxProvider(config.sdi.directory);
