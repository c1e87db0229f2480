import { createHash } from 'node:crypto';
import { constants, crc32, deflateRawSync, inflateRawSync } from 'node:zlib';
import type { PreparedPage, TableBits } from '@carta/guest/render';

/**
 * A guest page compressed once for every table (docs/decisions/0061-guest-pages-rendered-once.md). The
 * parts every table shares are deflated once, each on its own (no back-reference crosses a part) and
 * ended with a sync flush, so each ends on a byte boundary; a table's own values (its name, the
 * addresses that carry its id) go between them as stored deflate blocks at each request. The result is
 * one ordinary gzip member (RFC 1951, RFC 1952) that every browser reads: header, the blocks, an
 * empty final block, CRC-32 and length.
 */
export type CompressedPage = {
  /** What each table fills in, between the shared parts. */
  slots: PreparedPage['slots'];
  /** Each shared part as raw deflate, ended by a sync flush. Only these are kept, not the text. */
  deflated: Buffer[];
  /** Each shared part's CRC-32 and the operator that moves a CRC past its length (crc32_combine). */
  crcs: number[];
  shifts: number[];
  lengths: number[];
  /** A hash of the shared parts: with the table's values it makes each table's ETag. */
  hash: string;
  /** What the page keeps in memory. */
  bytes: number;
};

// CRC-32 arithmetic of zlib's crc32_combine (crc32.c, zlib 1.2.12 on): the CRC of A followed by B from
// the CRC of A, the CRC of B and B's length, without B's bytes.
const POLY = 0xedb88320;
const multiplyModP = (a: number, b: number) => {
  let m = 0x80000000;
  let product = 0;
  let factor = b >>> 0;
  for (;;) {
    if (a & m) {
      product ^= factor;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    factor = factor & 1 ? (factor >>> 1) ^ POLY : factor >>> 1;
  }
  return product >>> 0;
};
const X2N: number[] = [0x40000000];
for (let index = 1; index < 32; index += 1) {
  const previous = X2N[index - 1] ?? 0;
  X2N.push(multiplyModP(previous, previous));
}
/** x^(8·length) modulo the CRC polynomial: what shifts a CRC past `length` bytes. */
const shiftFor = (length: number) => {
  let product = 0x80000000;
  let n = length;
  let k = 3;
  while (n) {
    if (n & 1) product = multiplyModP(X2N[k & 31] ?? 0, product);
    n = Math.floor(n / 2);
    k += 1;
  }
  return product >>> 0;
};

/**
 * zlib's level 5 (its lazy matcher with shorter chains): on the 80-dish page 0.2 ms, 150 bytes more than
 * level 6 at two thirds of its time.
 */
const DEFLATE_LEVEL = 5;

export const compressPage = (prepared: PreparedPage): CompressedPage => {
  const shared = prepared.shared.map((text) => Buffer.from(text));
  const deflated = shared.map((part) =>
    part.length === 0
      ? Buffer.alloc(0)
      : deflateRawSync(part, { level: DEFLATE_LEVEL, finishFlush: constants.Z_SYNC_FLUSH }),
  );
  // The compressed parts name the content as well as the text does, in a fifth of the bytes: every
  // process runs the same zlib at the same level, so the same page has the same tag everywhere.
  const hash = createHash('sha1');
  for (const part of deflated) hash.update(part).update('\0');
  return {
    slots: prepared.slots,
    deflated,
    crcs: shared.map((part) => crc32(part)),
    shifts: shared.map((part) => shiftFor(part.length)),
    lengths: shared.map((part) => part.length),
    hash: hash.digest('base64url'),
    bytes: deflated.reduce((total, part) => total + part.length, 0),
  };
};

/** A table's copy of the page: its values, its ETag (the same content always has the same tag). */
export type TablePage = { values: Buffer[]; etag: string };

export const tablePageOf = (page: CompressedPage, table: TableBits): TablePage => {
  if (page.slots.length === 0) return { values: [], etag: page.hash };
  const values = page.slots.map((slot) => Buffer.from(slot(table)));
  const hash = createHash('sha1').update(page.hash);
  for (const value of values) hash.update('\0').update(value);
  return { values, etag: hash.digest('base64url') };
};

/** The page's bytes, uncompressed (for the rare client that takes no gzip): inflated from the parts. */
export const identityOf = (page: CompressedPage, { values }: TablePage) => {
  const parts: Buffer[] = [];
  page.deflated.forEach((part, index) => {
    if (part.length > 0) parts.push(inflateRawSync(part, { finishFlush: constants.Z_SYNC_FLUSH }));
    const value = values[index];
    if (value) parts.push(value);
  });
  return Buffer.concat(parts);
};

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);
/** A final stored block with nothing in it: the stream's end. */
const FINAL_BLOCK = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);
const MAX_STORED = 0xffff;

/** Bytes as stored (uncompressed) deflate blocks, each at most 64 KB, none final. */
const storedBlocks = (data: Buffer): Buffer[] => {
  const blocks: Buffer[] = [];
  for (let start = 0; start < data.length; start += MAX_STORED) {
    const chunk = data.subarray(start, start + MAX_STORED);
    const header = Buffer.alloc(5);
    header[0] = 0x00;
    header.writeUInt16LE(chunk.length, 1);
    header.writeUInt16LE(~chunk.length & 0xffff, 3);
    blocks.push(header, chunk);
  }
  return blocks;
};

/** The page for one table as one gzip member. */
export const gzipOf = (page: CompressedPage, { values }: TablePage) => {
  const parts: Buffer[] = [GZIP_HEADER];
  let checksum = 0;
  let length = 0;
  page.deflated.forEach((part, index) => {
    parts.push(part);
    checksum = (multiplyModP(page.shifts[index] ?? 0, checksum) ^ (page.crcs[index] ?? 0)) >>> 0;
    length += page.lengths[index] ?? 0;
    const value = values[index];
    if (value && value.length > 0) {
      parts.push(...storedBlocks(value));
      checksum = crc32(value, checksum);
      length += value.length;
    }
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(checksum >>> 0, 0);
  trailer.writeUInt32LE(length >>> 0, 4);
  parts.push(FINAL_BLOCK, trailer);
  return Buffer.concat(parts);
};
