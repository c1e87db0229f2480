import { id } from '@carta/contract/fields';
import { guestMenuPdfPath } from '@carta/contract/guest-paths';
import { MenuPdfQuerySchema, menuPdfFileName } from '@carta/contract/menu-pdf';
import { MenuParamsSchema } from '@carta/contract/menus';
import { TableParamsSchema } from '@carta/contract/tables';
import type { GuestLanguage } from '@carta/guest/messages';
import { menuName } from '@carta/guest/render';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { countRequest, hashAddress, type RateLimit } from '../../lib/rate-limits.ts';
import { binaryFile, ownerErrors as errors, bearerSecurity as security } from '../../lib/route-schemas.ts';
import { GUEST_CACHE_CONTROL, isNotModified } from '../../plugins/guest-answers.ts';
import { createPdfCache, type PdfCache, pdfVersion } from './pdf-cache.ts';
import type { PdfOptions } from './pdf-document.ts';
import { chooseLanguage, loadGuestPdfSource, loadOwnerPdfSource, type PdfSource } from './pdf-store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    menuPdfs: PdfCache;
  }
}

/** The rendered PDFs, kept for the owner's route and the guests' alike. */
export const menuPdfPlugin = fp(
  async (app: FastifyInstance, { options }: { options?: PdfOptions }) => {
    app.decorate('menuPdfs', createPdfCache({ storage: app.storage, log: app.log, options }));
  },
  { name: 'menu-pdfs', dependencies: ['services'] },
);

/**
 * Answers a menu's PDF: an empty 304 when the browser's copy is of the same version (nothing rendered),
 * else the kept bytes, rendered now only if this version of the menu never was.
 */
const sendPdf = async (
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  menuId: number,
  source: PdfSource,
  language: GuestLanguage,
) => {
  const version = pdfVersion(source, language);
  reply.header('etag', `"${version}"`);
  if (isNotModified(request.headers['if-none-match'], version)) return reply.status(304).send();
  const pdf = await app.menuPdfs.pdfOf(menuId, source, language, version);
  return reply
    .type('application/pdf')
    .header(
      'content-disposition',
      `attachment; filename="${menuPdfFileName(menuName(source.menu, language))}"`,
    )
    .send(pdf.body);
};

/** GET /clubs/{clubId}/menu/{menuId}/pdf: the owner's printable menu (Smart plans), inside clubScope. */
export const menuPdfRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/menu/:menuId/pdf',
    {
      config: { minRole: 'staff' },
      // Already compressed streams: gzip would gain little and cost every answer.
      compress: false,
      schema: {
        tags: ['menus'],
        summary:
          'The menu as a printable A4 PDF in one of its languages (Smart plans): rendered once per change, ETag and 304',
        security,
        params: MenuParamsSchema,
        querystring: MenuPdfQuerySchema,
        response: {
          200: binaryFile('application/pdf, as an attachment named after the menu'),
          304: z.null().describe('The copy named by If-None-Match is current'),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const { clubId, menuId } = request.params;
      const source = await loadOwnerPdfSource(app.db, clubId, menuId);
      const language = chooseLanguage(source, request.query.lang, true);
      // The owner's copy is checked every time: a change to the menu shows in the next download.
      reply.header('cache-control', 'private, no-cache');
      return sendPdf(app, request, reply, menuId, source, language);
    },
  );
};

/** Downloads of guests' PDFs from one network address in ten minutes, counted in the database like the waiter calls (0036). */
const GUEST_PDF_LIMIT: RateLimit = { kind: 'guest_pdf', max: 30, windowMs: 10 * 60_000 };

const limitGuestPdf = (app: FastifyInstance) => async (request: FastifyRequest) => {
  const key = hashAddress(app.appSecret, GUEST_PDF_LIMIT.kind, request.ip);
  const wait = await countRequest(app.db, GUEST_PDF_LIMIT, key);
  if (wait !== null) throw new AppError(429, 'RATE_LIMITED', { headers: { 'retry-after': String(wait) } });
};

/**
 * The guests' PDF, beside the guest pages: only while the guest page shows that menu at that table and
 * the club offers it (its switch and its plan); 404 otherwise, as for a table that does not exist.
 */
export const guestMenuPdfRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    guestMenuPdfPath(':clubId', ':tableId', ':menuId'),
    {
      compress: false,
      preHandler: limitGuestPdf(app),
      schema: {
        hide: true,
        params: TableParamsSchema.extend({ menuId: id }),
        querystring: z.object({ lang: z.string().max(5).optional() }),
      },
    },
    async (request, reply) => {
      const { clubId, tableId, menuId } = request.params;
      // Read as the guest page reads its menu, kept until the club changes or the minute turns.
      const source = await app.guestCache.through(`pdf|${clubId}|${tableId}|${menuId}`, clubId, () =>
        loadGuestPdfSource(app.db, clubId, tableId, menuId),
      );
      if (!source) throw new AppError(404, 'NOT_FOUND');
      const language = chooseLanguage(source, request.query.lang, false);
      reply.header('cache-control', GUEST_CACHE_CONTROL).header('referrer-policy', 'no-referrer');
      return sendPdf(app, request, reply, menuId, source, language);
    },
  );
};
