import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { INCOMING_MAX_AGE_MS, sweepIncomingUploads } from '../src/features/images/incoming-sweep.ts';
import { createS3Storage } from '../src/lib/storage.ts';
import { present } from './helpers.ts';

// The S3 storage adapter against a fake S3 in this process: signed calls, presigned upload addresses,
// and the sweep of abandoned uploads page by page.

const HOUR_MS = 60 * 60 * 1000;

/** An S3 fake in this process: path-style objects of bucket `carta`, and ListObjectsV2 two keys a page. */
const startS3Fake = async () => {
  const objects = new Map<string, { body: Buffer; modifiedAt: Date }>();
  const seen: { method: string; url: string; authorization?: string }[] = [];
  const listPage = (query: URLSearchParams) => {
    const prefix = `/carta/${query.get('prefix') ?? ''}`;
    const keys = [...objects.keys()].filter((key) => key.startsWith(prefix)).sort();
    // Like S3, the token says where the last page ended, not how many keys came before it.
    const after = query.get('continuation-token') ?? '';
    const remaining = keys.filter((key) => key > after);
    const page = remaining.slice(0, 2);
    const isTruncated = remaining.length > 2;
    const contents = page
      .map((key) => {
        const modifiedAt = objects.get(key)?.modifiedAt.toISOString();
        return `<Contents><Key>${key.slice('/carta/'.length)}</Key><LastModified>${modifiedAt}</LastModified></Contents>`;
      })
      .join('');
    const next = isTruncated ? `<NextContinuationToken>${page.at(-1)}</NextContinuationToken>` : '';
    return `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><IsTruncated>${isTruncated}</IsTruncated>${contents}${next}</ListBucketResult>`;
  };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const method = present(request.method, 'a request method');
      const url = present(request.url, 'a request address');
      seen.push({ method, url, authorization: request.headers.authorization });
      const [key = url, search = ''] = url.split('?');
      const query = new URLSearchParams(search);
      if (method === 'GET' && key === '/carta' && query.get('list-type') === '2') {
        response.setHeader('content-type', 'application/xml');
        response.end(listPage(query));
        return;
      }
      if (method === 'PUT') objects.set(key, { body: Buffer.concat(chunks), modifiedAt: new Date() });
      if (method === 'DELETE') objects.delete(key);
      const body = method === 'GET' ? objects.get(key)?.body : undefined;
      response.statusCode = method === 'GET' && !body ? 404 : 200;
      response.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const storage = createS3Storage({
    kind: 's3',
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    bucket: 'carta',
    region: 'eu-south-1',
    accessKeyId: 'AKIDEXAMPLE',
    secretAccessKey: 'secret',
  });
  return { storage, objects, seen, close: () => server.close() };
};

describe('S3 storage adapter', () => {
  it('signs its calls and hands out presigned PUT addresses', async () => {
    const { storage, seen, close } = await startS3Fake();
    try {
      await storage.put('img/abc-128.webp', Buffer.from('webp bytes'), 'image/webp');
      expect(seen.at(-1)).toMatchObject({ method: 'PUT', url: '/carta/img/abc-128.webp' });
      expect(seen.at(-1)?.authorization).toMatch(
        /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-south-1\/s3\//,
      );
      expect((await storage.get('img/abc-128.webp'))?.toString()).toBe('webp bytes');
      expect(await storage.get('img/missing.webp')).toBeNull();
      await storage.delete('img/abc-128.webp');
      expect(await storage.get('img/abc-128.webp')).toBeNull();

      const uploadUrl = new URL(
        await storage.createUploadUrl('incoming/1/logo-x', 'image/png', new Date(Date.now() + 600_000)),
      );
      expect(uploadUrl.pathname).toBe('/carta/incoming/1/logo-x');
      expect(uploadUrl.searchParams.get('X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256');
      expect(Number(uploadUrl.searchParams.get('X-Amz-Expires'))).toBeGreaterThan(590);
      expect(uploadUrl.searchParams.get('X-Amz-SignedHeaders')).toContain('content-type');
      expect(uploadUrl.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    } finally {
      close();
    }
  });

  it('lists the incoming prefix page by page and sweeps only what is older than a day', async () => {
    const { storage, objects, seen, close } = await startS3Fake();
    try {
      const old = ['incoming/1/logo-a', 'incoming/1/logo-b', 'incoming/2/banner-c'];
      for (const key of [...old, 'incoming/2/logo-fresh', 'img/abc-128.webp'])
        await storage.put(key, Buffer.from(key), 'image/jpeg');
      const dayAndAnHourAgo = new Date(Date.now() - INCOMING_MAX_AGE_MS - HOUR_MS);
      for (const key of [...old, 'img/abc-128.webp'])
        present(objects.get(`/carta/${key}`), key).modifiedAt = dayAndAnHourAgo;

      expect(await sweepIncomingUploads(storage)).toBe(3);

      expect([...objects.keys()].sort()).toEqual(['/carta/img/abc-128.webp', '/carta/incoming/2/logo-fresh']);
      const listing = seen.find((call) => call.url.includes('list-type=2'));
      expect(listing?.url).toContain('prefix=incoming%2F');
      expect(listing?.authorization).toMatch(/^AWS4-HMAC-SHA256 /);
      // Five keys two a page: the listing followed the continuation token.
      expect(seen.filter((call) => call.url.includes('list-type=2')).length).toBeGreaterThan(1);
    } finally {
      close();
    }
  });
});
