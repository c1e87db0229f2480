import { ClubParamsSchema } from '@carta/contract/clubs';
import { qrSheetFileName, TableParamsSchema } from '@carta/contract/tables';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/app-error.ts';
import {
  binaryFile,
  ownerWriteErrors as errors,
  bearerSecurity as security,
} from '../../lib/route-schemas.ts';
import { guestTableUrl, qrPng, qrSheetPdf, qrSvg } from './qr.ts';
import { loadQrSheet, requireTable } from './table-store.ts';

/** GET /tables/qrcodes.pdf: the printable sheet of the club's QR codes. */
export const qrSheetRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/tables/qrcodes.pdf',
    {
      config: { minRole: 'staff' },
      schema: {
        tags: ['tables'],
        summary:
          'A printable A4 sheet: one card per table (all, or those listed) with the club, the table and its QR code',
        security,
        params: ClubParamsSchema,
        querystring: z.object({
          tables: z
            .string()
            .regex(/^\d+(,\d+)*$/)
            .optional(),
        }),
        response: {
          200: binaryFile('application/pdf: the QR codes of the tables, ready to print'),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const { clubId } = request.params;
      const chosen = request.query.tables?.split(',').map(Number);
      const { club, tables } = await loadQrSheet(app.db, clubId, chosen);
      if (!club || tables.length === 0) throw notFound();
      const pdf = await qrSheetPdf(
        { name: club.name, languages: club.menuLanguages },
        tables.map((table) => ({
          name: table.name,
          zoneName: table.zoneName,
          url: guestTableUrl(app.config.publicUrl, clubId, table.id),
        })),
      );
      return reply
        .type('application/pdf')
        .header(
          'content-disposition',
          `attachment; filename="${qrSheetFileName(
            club.name,
            tables.map((table) => table.zoneName),
          )}"`,
        )
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );
};

/** GET /tables/{tableId}/qrcode.png and .svg: one table's QR code to download. */
export const qrCodeRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const format of ['png', 'svg'] as const) {
    app.get(
      `/tables/:tableId/qrcode.${format}`,
      {
        config: { minRole: 'staff' },
        schema: {
          tags: ['tables'],
          summary: `The table's QR code as ${format.toUpperCase()}: the guest address, error correction H`,
          security,
          params: TableParamsSchema,
          response: { 200: binaryFile(`The QR code as ${format.toUpperCase()}`), ...errors },
        },
      },
      async (request, reply) => {
        const { clubId, tableId } = request.params;
        const table = await requireTable(app.db, clubId, tableId);
        const url = guestTableUrl(app.config.publicUrl, clubId, tableId);
        const fileName = `qr-${table.name.replace(/[^\p{L}\p{N}]+/gu, '-').toLowerCase()}.${format}`;
        reply
          .header('content-disposition', `attachment; filename="${encodeURIComponent(fileName)}"`)
          .header('cache-control', 'no-store');
        return format === 'png'
          ? reply.type('image/png').send(await qrPng(url))
          : reply.type('image/svg+xml').send(await qrSvg(url));
      },
    );
  }
};
