import { randomBytes } from 'node:crypto';
import { ClubParamsSchema, StoredImageSchema } from '@carta/contract/clubs';
import { ErrorResponseSchema } from '@carta/contract/errors';
import { IMAGE_CONTENT_TYPES, IMAGE_MAX_BYTES, UPLOAD_URL_TTL_SECONDS } from '@carta/contract/limits';
import {
  CreateUploadRequestSchema,
  type ImagePurpose,
  UploadParamsSchema,
  UploadTicketSchema,
} from '@carta/contract/uploads';
import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { firstOrThrow } from '../../lib/db-errors.ts';
import { LOCAL_UPLOAD_PATH, verifyUploadSignature } from '../../lib/storage.ts';
import { clubIdOf } from '../../plugins/club-scope.ts';
import { recordStoredImage } from './image-store.ts';
import { describeImage, FILES_PATH, processImage } from './images.ts';
import { INCOMING_PREFIX } from './incoming-sweep.ts';

const incomingKey = (clubId: number, uploadId: string) => `${INCOMING_PREFIX}${clubId}/${uploadId}`;

/** POST /clubs/{clubId}/uploads and .../complete: registered inside clubScope. */
export const clubUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/uploads',
    {
      config: { minRole: 'manager' },
      schema: {
        tags: ['images'],
        summary: 'A short-lived signed address to PUT an image to (JPG, PNG or WebP, at most 5 MB)',
        security: [{ bearerAuth: [] }],
        params: ClubParamsSchema,
        body: CreateUploadRequestSchema,
        response: {
          201: UploadTicketSchema,
          400: ErrorResponseSchema,
          401: ErrorResponseSchema,
          404: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const clubId = clubIdOf(request);
      const uploadId = `${request.body.purpose}-${randomBytes(16).toString('hex')}`;
      const expiresAt = new Date(Date.now() + UPLOAD_URL_TTL_SECONDS * 1000);
      const uploadUrl = await app.storage.createUploadUrl(
        incomingKey(clubId, uploadId),
        request.body.contentType,
        expiresAt,
      );
      return reply.status(201).send({ uploadId, uploadUrl, expiresAt: expiresAt.toISOString() });
    },
  );

  app.post(
    '/uploads/:uploadId/complete',
    {
      config: { minRole: 'manager' },
      schema: {
        tags: ['images'],
        summary: 'Check the uploaded image by content, re-encode it with WebP sizes and store it',
        security: [{ bearerAuth: [] }],
        params: UploadParamsSchema,
        response: {
          201: StoredImageSchema,
          400: ErrorResponseSchema,
          401: ErrorResponseSchema,
          404: ErrorResponseSchema,
          413: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const clubId = clubIdOf(request);
      const { uploadId } = request.params;
      const purpose = uploadId.split('-', 1)[0] as ImagePurpose;
      const key = incomingKey(clubId, uploadId);
      const bytes = await app.storage.get(key);
      if (!bytes) throw new AppError(400, 'UPLOAD_NOT_FOUND');
      try {
        const image = await processImage(bytes, purpose);
        for (const file of image.files) await app.storage.put(file.key, file.body, file.contentType);
        const original = firstOrThrow(image.files, 'original image file');
        const variants = image.files.slice(1).map(({ width, height }) => ({ width, height }));
        await recordStoredImage(app.db, {
          clubId,
          key: image.key,
          purpose,
          contentType: original.contentType,
          bytes: original.body.length,
          width: image.width,
          height: image.height,
          variants,
        });
        return reply.status(201).send(describeImage(image.key, variants, image));
      } finally {
        await app.storage.delete(key);
      }
    },
  );
};

const FILE_KEY = /^img\/[0-9a-f]{24}(-\d{1,4}\.webp|\.jpg|\.png)$/;
const CONTENT_TYPES: Record<string, string> = { webp: 'image/webp', jpg: 'image/jpeg', png: 'image/png' };

/** The local storage's signed upload address and the images themselves under /files. */
export const fileRoutes: FastifyPluginAsync = async (app) => {
  await app.register(async (uploads) => {
    // Whatever the declared type, the bytes arrive as a buffer: the image is judged by its content.
    uploads.setErrorHandler((error) => {
      // Too large for the body limit: say it as the image rule, through the server's one error handler.
      throw (error as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE'
        ? new AppError(413, 'IMAGE_TOO_LARGE')
        : error;
    });
    uploads.removeAllContentTypeParsers();
    uploads.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: IMAGE_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );
    uploads.withTypeProvider<ZodTypeProvider>().put(
      LOCAL_UPLOAD_PATH,
      {
        schema: {
          tags: ['images'],
          summary: 'Local storage only: receive an image at the signed address POST .../uploads answered',
          querystring: z.object({
            key: z.string(),
            type: z.string(),
            expires: z.coerce.number(),
            signature: z.string(),
          }),
          response: {
            204: z.null(),
            400: ErrorResponseSchema,
            403: ErrorResponseSchema,
            413: ErrorResponseSchema,
          },
        },
      },
      async (request, reply) => {
        if (app.storage.kind !== 'local') throw new AppError(404, 'ROUTE_NOT_FOUND');
        const { key, type, expires, signature } = request.query;
        if (!verifyUploadSignature(app.appSecret, key, type, expires, signature))
          throw new AppError(403, 'FORBIDDEN');
        const declared = request.headers['content-type']?.split(';', 1)[0]?.trim().toLowerCase();
        if (!declared || !(IMAGE_CONTENT_TYPES as readonly string[]).includes(declared) || declared !== type)
          throw new AppError(400, 'IMAGE_TYPE_NOT_SUPPORTED');
        const body = request.body;
        if (!Buffer.isBuffer(body) || body.length === 0) throw new AppError(400, 'IMAGE_TYPE_NOT_SUPPORTED');
        await app.storage.put(key, body, type);
        return reply.status(204).send(null);
      },
    );
  });

  app.get(`${FILES_PATH}/*`, { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const contentType = CONTENT_TYPES[key.split('.').pop() ?? ''];
    const file = FILE_KEY.test(key) && contentType ? await app.storage.get(key) : null;
    if (!file || !contentType) throw new AppError(404, 'NOT_FOUND');
    // Names are content hashes: a file never changes, so caches may keep it for a year.
    return reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .type(contentType)
      .send(file);
  });
};
