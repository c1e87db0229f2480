import { randomBytes } from 'node:crypto';
import {
  BannerDetailsSchema,
  BannerParamsSchema,
  BannerUploadQuerySchema,
  MenuBannerSchema,
  SaveBannerRequestSchema,
} from '@carta/contract/banners';
import { UPLOAD_URL_TTL_SECONDS } from '@carta/contract/limits';
import { UploadTicketSchema } from '@carta/contract/uploads';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ownerErrors as errors, NoContent, bearerSecurity as security } from '../../lib/route-schemas.ts';
import { INCOMING_PREFIX } from '../images/incoming-sweep.ts';
import { assertBannerWritable, deleteBanner, readBanner, saveBanner } from './banner-store.ts';

/**
 * Banners (docs/product.md, Banners): one promotion or event per menu. Registered inside clubScope. Reading and deleting
 * work on any plan (a Free club keeps its banner stored, not shown); the upload address and saving
 * need the Smart plan.
 */
export const bannerRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Files no longer used after a write that committed: a failure leaves an orphan file, not an error. */
  const removeFiles = async (keys: string[]) => {
    for (const key of keys)
      await app.storage.delete(key).catch((error: unknown) => app.log.warn({ err: error, key }, 'file kept'));
  };

  app.get(
    '/banners/menu/:menuId/banner',
    {
      config: { minRole: 'manager' },
      schema: {
        tags: ['banners'],
        summary:
          "The menu's banner (its texts, price and image sizes), or `banner: null` when it has none; 404 when the menu is not the club's",
        security,
        params: BannerParamsSchema,
        response: { 200: MenuBannerSchema, ...errors },
      },
    },
    async (request) => readBanner(app.db, request.params.clubId, request.params.menuId),
  );

  app.get(
    '/banners/menu/:menuId',
    {
      config: { minRole: 'manager' },
      schema: {
        tags: ['banners'],
        summary:
          "A short-lived signed address to PUT the banner's image to (Smart plan; JPG, PNG or WebP, square, at most 5 MB); complete it with POST .../uploads/{uploadId}/complete",
        security,
        params: BannerParamsSchema,
        querystring: BannerUploadQuerySchema,
        response: { 200: UploadTicketSchema, ...errors },
      },
    },
    async (request) => {
      const { clubId, menuId } = request.params;
      await assertBannerWritable(app.db, clubId, menuId);
      const uploadId = `banner-${randomBytes(16).toString('hex')}`;
      const expiresAt = new Date(Date.now() + UPLOAD_URL_TTL_SECONDS * 1000);
      const uploadUrl = await app.storage.createUploadUrl(
        `${INCOMING_PREFIX}${clubId}/${uploadId}`,
        request.query.contentType,
        expiresAt,
      );
      return { uploadId, uploadUrl, expiresAt: expiresAt.toISOString() };
    },
  );

  app.post(
    '/banners/menu/:menuId',
    {
      config: { minRole: 'manager' },
      schema: {
        tags: ['banners'],
        summary: "Create or replace the menu's banner (Smart plan): its texts and a square stored image",
        security,
        params: BannerParamsSchema,
        body: SaveBannerRequestSchema,
        response: { 200: BannerDetailsSchema, 201: BannerDetailsSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { clubId, menuId } = request.params;
      const { result, unusedFiles } = await saveBanner(app.db, clubId, menuId, request.body);
      await removeFiles(unusedFiles);
      return reply.status(result.isNew ? 201 : 200).send(result.banner);
    },
  );

  app.delete(
    '/banners/menu/:menuId',
    {
      config: { minRole: 'manager' },
      schema: {
        tags: ['banners'],
        summary: "Delete the menu's banner and its image files (any plan)",
        security,
        params: BannerParamsSchema,
        response: { 204: NoContent, ...errors },
      },
    },
    async (request, reply) => {
      const { unusedFiles } = await deleteBanner(app.db, request.params.clubId, request.params.menuId);
      await removeFiles(unusedFiles);
      return reply.status(204).send(null);
    },
  );
};
