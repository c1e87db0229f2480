import {
  AdminEInvoicePageSchema,
  AdminEInvoiceParamsSchema,
  AdminEInvoiceSchema,
  AdminEInvoicesQuerySchema,
  CreditNoteFileParamsSchema,
  type EInvoiceDocumentKind,
  InvoiceFileParamsSchema,
} from '@carta/contract/e-invoice';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../../lib/app-error.ts';
import { auditedChange } from '../../../lib/audit.ts';
import {
  binaryFile,
  ownerErrors,
  ownerWriteErrors,
  bearerSecurity as security,
} from '../../../lib/route-schemas.ts';
import { callerOf } from '../../../plugins/auth.ts';
import { listTransmissions, loadTransmission, resendTransmission } from './admin-store.ts';
import { loadDocument } from './documents.ts';
import { buildFatturaPa } from './fatturapa.ts';
import { progressiveOfFileName } from './file-name.ts';
import { fileNameFor, transmissionXml } from './transmissions.ts';

// FatturaPA files (docs/decisions/0062): the owner's downloads, and the admin console's list of what
// became of each file, its download and the resend of a rejected one.

const XML_TYPE = 'application/xml; charset=utf-8';
const attachment = (fileName: string) => `attachment; filename="${fileName}"`;

/** /clubs/{clubId}/invoices/{id}/fatturapa and /credit-notes/{id}/fatturapa: registered inside clubScope. */
export const eInvoiceOwnerRoutes: FastifyPluginAsyncZod = async (app) => {
  const download = async (clubId: number, kind: EInvoiceDocumentKind, documentId: number) => {
    // The club's own document only: another club's id answers 404, as the PDF's route does.
    const loaded = await loadDocument(app.db, kind, documentId, clubId);
    if (!loaded) throw notFound();
    const fileName = await fileNameFor(app.db, app.config.seller.vatNumber, kind, documentId);
    return { fileName, xml: buildFatturaPa(loaded.document, progressiveOfFileName(fileName)) };
  };

  app.get(
    '/invoices/:invoiceId/fatturapa',
    {
      config: { minRole: 'owner' },
      schema: {
        tags: ['payments'],
        summary: 'An invoice as its FatturaPA 1.2.2 file (TD01), named as SDI names files',
        security,
        params: InvoiceFileParamsSchema,
        response: { 200: binaryFile('The FatturaPA XML (application/xml)'), ...ownerErrors },
      },
    },
    async (request, reply) => {
      const { fileName, xml } = await download(request.params.clubId, 'invoice', request.params.invoiceId);
      return reply
        .type(XML_TYPE)
        .header('content-disposition', attachment(fileName))
        .header('cache-control', 'private, no-store')
        .send(xml);
    },
  );

  app.get(
    '/credit-notes/:creditNoteId/fatturapa',
    {
      config: { minRole: 'owner' },
      schema: {
        tags: ['payments'],
        summary: 'A credit note as its FatturaPA 1.2.2 file (TD04, linked to the invoice it corrects)',
        security,
        params: CreditNoteFileParamsSchema,
        response: { 200: binaryFile('The FatturaPA XML (application/xml)'), ...ownerErrors },
      },
    },
    async (request, reply) => {
      const { clubId, creditNoteId } = request.params;
      const { fileName, xml } = await download(clubId, 'creditNote', creditNoteId);
      return reply
        .type(XML_TYPE)
        .header('content-disposition', attachment(fileName))
        .header('cache-control', 'private, no-store')
        .send(xml);
    },
  );
};

/** /admin/e-invoices: registered inside the admin routes (admins only). */
export const eInvoiceAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];

  app.get(
    '/e-invoices',
    {
      schema: {
        tags,
        summary:
          'FatturaPA files and what became of them at SDI (waiting, sent, delivered, rejected with the ' +
          'reason), newest first',
        security,
        querystring: AdminEInvoicesQuerySchema,
        response: { 200: AdminEInvoicePageSchema, ...ownerErrors },
      },
    },
    async (request) => ({
      ...(await listTransmissions(app.db, request.query)),
      page: request.query.page,
      pageSize: request.query.pageSize,
      provider: app.eInvoices.provider.name,
    }),
  );

  app.get(
    '/e-invoices/:transmissionId/xml',
    {
      schema: {
        tags,
        summary: 'A transmission’s FatturaPA file, as it was (or will be) sent',
        security,
        params: AdminEInvoiceParamsSchema,
        response: { 200: binaryFile('The FatturaPA XML (application/xml)'), ...ownerErrors },
      },
    },
    async (request, reply) => {
      const transmission = await loadTransmission(app.db, request.params.transmissionId);
      const xml = await transmissionXml(app.db, transmission);
      if (!xml) throw notFound();
      return reply
        .type(XML_TYPE)
        .header('content-disposition', attachment(transmission.fileName))
        .header('cache-control', 'private, no-store')
        .send(xml);
    },
  );

  app.post(
    '/e-invoices/:transmissionId/resend',
    {
      schema: {
        tags,
        summary:
          'Sends a rejected file again once its data were fixed: the document takes the seller’s and the ' +
          'club’s data as they are now and a new file name; audited. 409 unless rejected',
        security,
        params: AdminEInvoiceParamsSchema,
        response: { 200: AdminEInvoiceSchema, ...ownerWriteErrors },
      },
    },
    async (request) => {
      const { transmissionId } = request.params;
      await auditedChange(app, callerOf(request).accountId, async (tx) => {
        const { row, fileName } = await resendTransmission(tx, app.config.seller, transmissionId);
        return {
          audit: {
            action: 'eInvoice.resend',
            target: { type: 'eInvoice', id: transmissionId },
            details: {
              documentKind: row.documentKind,
              documentId: row.documentId,
              previousFileName: row.fileName,
              rejectedFor: row.reason,
              fileName,
            },
          },
          result: null,
        };
      });
      return loadTransmission(app.db, transmissionId);
    },
  );
};
