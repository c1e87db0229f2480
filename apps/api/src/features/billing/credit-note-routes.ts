import { ClubParamsSchema } from '@carta/contract/clubs';
import { CreditNoteParamsSchema, CreditNoteSchema } from '@carta/contract/refunds';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { languageOf } from '../../lib/language.ts';
import { binaryFile, ownerErrors, bearerSecurity as security } from '../../lib/route-schemas.ts';
import { listCreditNotes, loadCreditNote } from './credit-note-store.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';

/**
 * A club's credit notes (docs/decisions/0063-refunds-and-credit-notes.md): registered inside clubScope, so
 * another owner's club or credit note answers 404.
 */
export const creditNoteRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['payments'];

  app.get(
    '/credit-notes',
    {
      config: { minRole: 'owner' },
      schema: {
        tags,
        summary: "The club's credit notes (one per refund of an invoiced payment), newest first",
        security,
        params: ClubParamsSchema,
        response: { 200: z.array(CreditNoteSchema), ...ownerErrors },
      },
    },
    async (request) => listCreditNotes(app.db, request.params.clubId),
  );

  app.get(
    '/credit-notes/:creditNoteId/pdf',
    {
      config: { minRole: 'owner' },
      schema: {
        tags,
        summary: 'A credit note as PDF, in the caller’s language, naming the invoice it corrects',
        security,
        params: CreditNoteParamsSchema,
        response: { 200: binaryFile('The credit note (application/pdf)'), ...ownerErrors },
      },
    },
    async (request, reply) => {
      const note = await loadCreditNote(app.db, request.params.clubId, request.params.creditNoteId);
      const pdf = await renderInvoicePdf(note, languageOf(request), {
        invoiceNumber: note.invoiceNumber,
        invoiceIssuedOn: note.invoiceIssuedOn,
      });
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="carta-${note.number}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
};
