import { createHmac, timingSafeEqual } from 'node:crypto';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AwsClient } from 'aws4fetch';
import type { Config } from '../config.ts';

/**
 * Where files live (docs/architecture.md, Where side effects happen; 0011): local disk by default, S3-compatible object storage when configured.
 * Keys are relative paths such as `img/3f2a...-512.webp`; nothing outside the adapter builds a path.
 */
export type Storage = {
  kind: 'local' | 's3';
  put: (key: string, body: Buffer, contentType: string) => Promise<void>;
  /** The object's bytes, or null when there is none. */
  get: (key: string) => Promise<Buffer | null>;
  delete: (key: string) => Promise<void>;
  /** An address the browser PUTs the object to, with this content type, until `expiresAt`. */
  createUploadUrl: (key: string, contentType: string, expiresAt: Date) => Promise<string>;
  /** Every object whose key starts with `prefix` (a folder such as `incoming/`), with when it was written. */
  list: (prefix: string) => AsyncIterable<StoredObject>;
};

export type StoredObject = { key: string; modifiedAt: Date };

const KEY_PATTERN = /^[a-z0-9][a-z0-9/_.-]*$/;
const assertKey = (key: string) => {
  if (!KEY_PATTERN.test(key) || key.includes('..')) throw new Error(`invalid storage key: ${key}`);
};

/** Signs the local upload address so only the server can hand one out; checked by verifyUploadSignature. */
const uploadSignature = (secret: string, key: string, contentType: string, expires: number) =>
  createHmac('sha256', `upload:${secret}`).update(`${key}\n${contentType}\n${expires}`).digest('base64url');

export const verifyUploadSignature = (
  secret: string,
  key: string,
  contentType: string,
  expires: number,
  signature: string,
  now = Date.now(),
) => {
  if (!Number.isFinite(expires) || expires * 1000 < now) return false;
  const expected = Buffer.from(uploadSignature(secret, key, contentType, expires));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
};

export const LOCAL_UPLOAD_PATH = '/api/v1/uploads';

export const createLocalStorage = (root: string, secret: string): Storage => {
  const fileOf = (key: string) => {
    assertKey(key);
    return path.join(root, key);
  };
  return {
    kind: 'local',
    put: async (key, body) => {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Write then rename would be atomic; content-hashed keys never change, so a plain write is enough.
      await writeFile(file, body);
    },
    get: async (key) => {
      try {
        return await readFile(fileOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    delete: async (key) => rm(fileOf(key), { force: true }),
    list: async function* (prefix) {
      assertKey(prefix);
      let entries: string[];
      try {
        entries = await readdir(path.join(root, prefix), { recursive: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw error;
      }
      for (const entry of entries) {
        const key = path.posix.join(prefix, entry.split(path.sep).join('/'));
        try {
          const details = await stat(path.join(root, key));
          if (details.isFile()) yield { key, modifiedAt: details.mtime };
        } catch (error) {
          // Another process (or the upload's own completion) removed it since the folder was read.
          if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        }
      }
    },
    createUploadUrl: async (key, contentType, expiresAt) => {
      assertKey(key);
      const expires = Math.floor(expiresAt.getTime() / 1000);
      const query = new URLSearchParams({
        key,
        type: contentType,
        expires: String(expires),
        signature: uploadSignature(secret, key, contentType, expires),
      });
      return `${LOCAL_UPLOAD_PATH}?${query.toString()}`;
    },
  };
};

type S3Settings = Extract<Config['storage'], { kind: 's3' }>;

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const xmlText = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => XML_ENTITIES[name] ?? '');
const xmlValue = (xml: string, tag: string) => {
  const found = new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(xml);
  return found?.[1] === undefined ? undefined : xmlText(found[1]);
};

/** S3-compatible storage through SigV4 (aws4fetch): presigned PUT for uploads, signed calls for the rest. */
export const createS3Storage = (settings: S3Settings, fetchImplementation: typeof fetch = fetch): Storage => {
  const client = new AwsClient({
    accessKeyId: settings.accessKeyId,
    secretAccessKey: settings.secretAccessKey,
    region: settings.region,
    service: 's3',
  });
  const objectUrl = (key: string) => {
    assertKey(key);
    return `${settings.endpoint.replace(/\/$/, '')}/${settings.bucket}/${key}`;
  };
  const send = async (request: Request) => fetchImplementation(await client.sign(request));
  return {
    kind: 's3',
    put: async (key, body, contentType) => {
      const response = await send(
        new Request(objectUrl(key), {
          method: 'PUT',
          body: new Uint8Array(body),
          headers: { 'content-type': contentType },
        }),
      );
      if (!response.ok) throw new Error(`S3 PUT ${key} answered ${response.status}`);
    },
    get: async (key) => {
      const response = await send(new Request(objectUrl(key)));
      if (response.status === 404) return null;
      if (!response.ok) throw new Error(`S3 GET ${key} answered ${response.status}`);
      return Buffer.from(await response.arrayBuffer());
    },
    delete: async (key) => {
      const response = await send(new Request(objectUrl(key), { method: 'DELETE' }));
      if (!response.ok && response.status !== 404)
        throw new Error(`S3 DELETE ${key} answered ${response.status}`);
    },
    // ListObjectsV2, a page of at most 1,000 keys at a time; the answer is small, regular XML.
    list: async function* (prefix) {
      assertKey(prefix);
      let continuationToken: string | undefined;
      do {
        const url = new URL(`${settings.endpoint.replace(/\/$/, '')}/${settings.bucket}`);
        url.searchParams.set('list-type', '2');
        url.searchParams.set('prefix', prefix);
        if (continuationToken) url.searchParams.set('continuation-token', continuationToken);
        const response = await send(new Request(url));
        if (!response.ok) throw new Error(`S3 LIST ${prefix} answered ${response.status}`);
        const xml = await response.text();
        for (const [, contents = ''] of xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
          const key = xmlValue(contents, 'Key');
          const modified = xmlValue(contents, 'LastModified');
          if (key && modified) yield { key, modifiedAt: new Date(modified) };
        }
        continuationToken =
          xmlValue(xml, 'IsTruncated') === 'true' ? xmlValue(xml, 'NextContinuationToken') : undefined;
      } while (continuationToken);
    },
    createUploadUrl: async (key, contentType, expiresAt) => {
      const seconds = Math.max(1, Math.floor((expiresAt.getTime() - Date.now()) / 1000));
      const url = new URL(objectUrl(key));
      url.searchParams.set('X-Amz-Expires', String(seconds));
      const signed = await client.sign(
        new Request(url, { method: 'PUT', headers: { 'content-type': contentType } }),
        { aws: { signQuery: true, allHeaders: true } },
      );
      return signed.url;
    },
  };
};

export const createStorage = (config: Config, secret: string): Storage =>
  config.storage.kind === 's3'
    ? createS3Storage(config.storage)
    : createLocalStorage(path.join(config.dataDirectory, 'files'), secret);
