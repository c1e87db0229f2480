import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { REFRESH_TIME_MIN } from '@carta/contract/menus';
import type { FastifyReply, FastifyRequest } from 'fastify';

// How the guest pages' kept answers go out: compressed once in every encoding a guest may take, sent in
// the one the browser prefers, with ETags that answer a current copy with an empty 304.

/** An answer's bytes in every encoding a guest may take, made once per render, not once per request. */
export type KeptBody = { identity: Buffer; br: Buffer; gzip: Buffer; etag: string };

type Encoding = 'br' | 'gzip' | 'identity';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Compresses once per render, off the event loop. On the 80-dish page (36 KB) brotli quality 5 takes
 * under 1 ms for 7 KB, quality 10 about 18 ms for 6.5 KB, quality 11 about 55 ms for 80 bytes less. At
 * scale most guest requests miss this process's cache (docs/capacity.md), so the render's cost is the
 * page's cost: half a kilobyte (well inside the first 14 KB flight) is not worth 17 ms of CPU each time.
 */
export const keepBody = async (text: string): Promise<KeptBody> => {
  const identity = Buffer.from(text);
  const [br, gzipped] = await Promise.all([
    brotliAsync(identity, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 5,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzipAsync(identity, { level: 6 }),
  ]);
  return { identity, br, gzip: gzipped, etag: createHash('sha1').update(identity).digest('base64url') };
};

/** The encoding to send: br over gzip over identity, each as `Accept-Encoding` weighs it (q=0 refuses). */
export const chooseEncoding = (acceptEncoding: string | undefined): Encoding => {
  if (!acceptEncoding) return 'identity';
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...parameters] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const quality = parameters.find((parameter) => parameter.startsWith('q='));
    const weight = quality ? Number(quality.slice(2)) : 1;
    if (name) weights.set(name === 'x-gzip' ? 'gzip' : name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (name: string) => weights.get(name) ?? weights.get('*') ?? 0;
  const [brotli, gzip] = [weightOf('br'), weightOf('gzip')];
  if (brotli > 0 && brotli >= gzip) return 'br';
  if (gzip > 0) return 'gzip';
  return 'identity';
};

/** Each encoding has its own strong tag (RFC 9110 §8.8.3.3); all share the content's hash. */
const tagOf = (etag: string, encoding: Encoding) =>
  encoding === 'identity' ? `"${etag}"` : `"${etag}.${encoding}"`;

/**
 * `If-None-Match` by weak comparison (RFC 9110 §13.1.2): `*`, one tag or a list, weak or strong. A
 * tag of any encoding of the same content matches: what the client keeps is still current.
 */
export const isNotModified = (ifNoneMatch: string | undefined, etag: string) => {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  for (const [, opaque = ''] of ifNoneMatch.matchAll(/(?:W\/)?"([^"]*)"/g))
    if (opaque.split('.', 1)[0] === etag) return true;
  return false;
};

/**
 * Guest pages and calls are revalidated by browsers every time (max-age=0) and may be kept by a
 * shared cache (a CDN) for no longer than the shortest refresh a menu can ask for, so an open page
 * never reads a copy older than its own period; a CDN may answer a little staler while it
 * revalidates, and with the last copy for a day when this server is down.
 */
export const GUEST_CACHE_CONTROL = `public, max-age=0, s-maxage=${REFRESH_TIME_MIN}, stale-while-revalidate=60, stale-if-error=86400`;

/** Sends kept bytes in the encoding the client takes, or an empty 304 when its copy is current. */
export const sendKeptBody = (
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  type: string,
  body: KeptBody,
) => {
  const encoding = chooseEncoding(request.headers['accept-encoding']);
  reply.header('etag', tagOf(body.etag, encoding));
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${vary}, accept-encoding` : 'accept-encoding');
  if (status === 200 && isNotModified(request.headers['if-none-match'], body.etag))
    return reply.status(304).send();
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.status(status).type(type).send(body[encoding]);
};
