import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clubs } from '../src/db/schema.ts';
import { progressiveOf } from '../src/features/billing/e-invoice/file-name.ts';
import {
  issueTestCreditNote,
  issueTestInvoice,
  seedBillingClub,
  useEInvoiceApp,
} from './e-invoice-helpers.ts';
import { schemaCheck, validateFatturaPa } from './fatturapa-schema.ts';
import { present, seedOwner } from './helpers.ts';

// The owner's FatturaPA downloads (an invoice's, a credit note's): only the club's own, named as SDI names
// files, valid against the official schema; and the billing data they are made from, saved with the club.

const API = '/api/v1';
const tag = (xml: string, name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1];

describe('FatturaPA downloads', () => {
  const context = useEInvoiceApp();
  const seller = () => context.app.config.seller;

  const ownerWithInvoice = async () => {
    const owner = await seedOwner(context.database);
    const club = await seedBillingClub(context.database, owner.account.id, {
      sdiCode: 'M5UXCR1',
      fiscalCode: '00743110157',
      companyName: 'Trattoria "Da Mario" & Figli s.r.l.',
    });
    const invoice = await issueTestInvoice(context.database, club.id, seller());
    const get = (url: string, authorization = owner.authorization) =>
      context.app.inject({ method: 'GET', url: `${API}${url}`, headers: { authorization } });
    return { owner, club, invoice, get };
  };

  it("answers an invoice's file: XML, SDI's file name, the buyer's data, valid for the schema", async () => {
    const { club, invoice, get } = await ownerWithInvoice();
    const response = await get(`/clubs/${club.id}/invoices/${invoice.id}/fatturapa`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    const progressive = progressiveOf('invoice', invoice.id);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="IT12345678903_${progressive}.xml"`,
    );
    expect(response.headers['cache-control']).toBe('private, no-store');
    const xml = response.body;
    expect(tag(xml, 'TipoDocumento')).toBe('TD01');
    expect(tag(xml, 'ProgressivoInvio')).toBe(progressive);
    expect(tag(xml, 'CodiceDestinatario')).toBe('M5UXCR1');
    expect(tag(xml, 'Numero')).toBe(`${invoice.year}-${String(invoice.sequence).padStart(6, '0')}`);
    expect(xml).toContain('<Denominazione>Trattoria &quot;Da Mario&quot; &amp; Figli s.r.l.</Denominazione>');
    expect(tag(xml, 'ImportoTotaleDocumento')).toBe('23.18');
    expect(tag(xml, 'Imposta')).toBe('4.18');
    expect(xml.match(/<CodiceFiscale>[^<]*/g)?.at(-1)).toBe('<CodiceFiscale>00743110157');
    if (!schemaCheck().isSkipped) expect(validateFatturaPa(xml)).toMatchObject({ isValid: true });
  });

  it("answers a credit note's file: TD04, positive, linked to its invoice", async () => {
    const { club, invoice, get } = await ownerWithInvoice();
    const note = await issueTestCreditNote(context.database, invoice, 1159);
    const response = await get(`/clubs/${club.id}/credit-notes/${note.id}/fatturapa`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="IT12345678903_${progressiveOf('creditNote', note.id)}.xml"`,
    );
    const xml = response.body;
    expect(tag(xml, 'TipoDocumento')).toBe('TD04');
    expect(tag(xml, 'ImportoTotaleDocumento')).toBe('11.59');
    expect(tag(xml, 'IdDocumento')).toBe(`${invoice.year}-${String(invoice.sequence).padStart(6, '0')}`);
    if (!schemaCheck().isSkipped) expect(validateFatturaPa(xml)).toMatchObject({ isValid: true });
  });

  it("answers 404 for another owner's invoice or credit note, and for none", async () => {
    const mine = await ownerWithInvoice();
    const theirs = await ownerWithInvoice();
    const note = await issueTestCreditNote(context.database, theirs.invoice, 500);
    // Their document through my club, and my token on their club: nothing is revealed.
    expect(
      (await mine.get(`/clubs/${mine.club.id}/invoices/${theirs.invoice.id}/fatturapa`)).statusCode,
    ).toBe(404);
    expect((await mine.get(`/clubs/${mine.club.id}/credit-notes/${note.id}/fatturapa`)).statusCode).toBe(404);
    expect(
      (await mine.get(`/clubs/${theirs.club.id}/invoices/${theirs.invoice.id}/fatturapa`)).statusCode,
    ).toBe(404);
    expect((await mine.get(`/clubs/${theirs.club.id}/credit-notes/${note.id}/fatturapa`)).statusCode).toBe(
      404,
    );
    expect((await mine.get(`/clubs/${mine.club.id}/credit-notes/2147483647/fatturapa`)).statusCode).toBe(404);
    const anonymous = await context.app.inject({
      method: 'GET',
      url: `${API}/clubs/${mine.club.id}/invoices/${mine.invoice.id}/fatturapa`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('billing data for FatturaPA', () => {
  const context = useEInvoiceApp();

  const ownClub = async () => {
    const owner = await seedOwner(context.database);
    const club = await seedBillingClub(context.database, owner.account.id);
    const patch = (payload: Record<string, unknown>) =>
      context.app.inject({
        method: 'PATCH',
        url: `${API}/clubs/${club.id}`,
        headers: { authorization: owner.authorization, 'accept-language': 'en' },
        payload,
      });
    return { club, patch };
  };

  it('stores the SDI code, the PEC and the codice fiscale, and shows them', async () => {
    const { club, patch } = await ownClub();
    const saved = await patch({ sdiCode: 'm5uxcr1', pec: 'bar@pec.it', fiscalCode: 'rssmra85t10a562s' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      sdiCode: 'M5UXCR1',
      pec: 'bar@pec.it',
      fiscalCode: 'RSSMRA85T10A562S',
    });
    const [row] = await context.database.db.select().from(clubs).where(eq(clubs.id, club.id));
    expect(present(row, 'club')).toMatchObject({ sdiCode: 'M5UXCR1', pec: 'bar@pec.it' });
    // Blank removes one; a field left out stays.
    const cleared = await patch({ pec: '' });
    expect(cleared.json()).toMatchObject({ sdiCode: 'M5UXCR1', pec: null, fiscalCode: 'RSSMRA85T10A562S' });
  });

  it('refuses a wrong code, and a codice fiscale without a way to deliver, on their fields', async () => {
    const { patch } = await ownClub();
    const wrong = await patch({ sdiCode: 'ABC' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().issues).toEqual([
      expect.objectContaining({
        path: 'body.sdiCode',
        message: 'The recipient code has 7 letters or digits (0000000 if you have none)',
      }),
    ]);
    const alone = await patch({ fiscalCode: '00743110157' });
    expect(alone.statusCode).toBe(400);
    expect(alone.json().issues).toEqual([
      expect.objectContaining({ path: 'body.sdiCode', message: expect.stringContaining('PEC address') }),
    ]);
    // 0000000 says "none: my cassetto fiscale".
    expect((await patch({ fiscalCode: '00743110157', sdiCode: '0000000' })).statusCode).toBe(200);
  });

  it('copies them onto each invoice issued', async () => {
    const { club, patch } = await ownClub();
    await patch({ sdiCode: '0000000', pec: 'bar@pec.it', fiscalCode: '00743110157' });
    const invoice = await issueTestInvoice(context.database, club.id, context.app.config.seller);
    expect(invoice.buyer).toMatchObject({
      sdiCode: '0000000',
      pec: 'bar@pec.it',
      fiscalCode: '00743110157',
      street: 'Via Roma 1',
      postalCode: '20121',
      city: 'Milano',
      province: 'MI',
    });
    expect(invoice.seller).toMatchObject({
      street: 'Via Roma 1',
      postalCode: '20121',
      city: 'Milano',
      taxRegime: 'RF01',
    });
  });
});
