import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Compresses the API's answers as they are sent. Below 1 KB the saving does not pay for the work.
 * Guest pages and calls, the guest script and the owner app's files come already compressed (kept
 * per render, or written at build time) and say so in `Content-Encoding`, which this plugin leaves
 * alone; server-sent events write to the socket themselves and are never buffered here.
 */
export const compressionPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  },
  { name: 'compression' },
);
