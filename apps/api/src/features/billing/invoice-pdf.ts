import type { Invoice } from '@carta/contract/billing';
import { NO_SDI_CODE } from '@carta/contract/e-invoice';
import type { Language } from '@carta/contract/limits';
import { formatCents } from '@carta/contract/payments';
import PDFDocument from 'pdfkit';
import type { InvoiceParty } from '../../db/schema.ts';
import { formatLongDate } from '../../lib/long-date.ts';
import { vatCheckNote } from './tax.ts';

// An invoice as A4 PDF, in the owner's language: both parties with their tax data, the period, net, VAT
// and gross, and the reverse-charge note when the club accounts for the VAT itself.

const TEXTS = {
  it: {
    title: 'Fattura',
    creditNoteTitle: 'Nota di credito',
    corrects: (number: string, date: string) => `Rettifica della fattura ${number} del ${date}`,
    refunded: 'Rimborsata sulla carta che aveva pagato.',
    number: 'Numero',
    date: 'Data',
    seller: 'Fornitore',
    buyer: 'Cliente',
    vat: 'P. IVA',
    sdiCode: 'Codice destinatario',
    description: 'Descrizione',
    amount: 'Importo',
    service: (months: number) =>
      months === 12 ? 'Carta Smart, abbonamento annuale' : 'Carta Smart, abbonamento mensile',
    period: 'Periodo',
    net: 'Imponibile',
    vatLine: (rate: string) => `IVA ${rate}%`,
    total: 'Totale',
    paid: 'Pagata con carta.',
    reverseCharge:
      'Operazione non soggetta a IVA in Italia: inversione contabile (reverse charge), art. 7-ter DPR 633/72 e art. 196 Direttiva 2006/112/CE.',
  },
  en: {
    title: 'Invoice',
    creditNoteTitle: 'Credit note',
    corrects: (number: string, date: string) => `Corrects invoice ${number} of ${date}`,
    refunded: 'Refunded to the card that paid.',
    number: 'Number',
    date: 'Date',
    seller: 'Seller',
    buyer: 'Customer',
    vat: 'VAT no.',
    sdiCode: 'SDI recipient code',
    description: 'Description',
    amount: 'Amount',
    service: (months: number) => (months === 12 ? 'Carta Smart, annual plan' : 'Carta Smart, monthly plan'),
    period: 'Period',
    net: 'Net',
    vatLine: (rate: string) => `VAT ${rate}%`,
    total: 'Total',
    paid: 'Paid by card.',
    reverseCharge:
      'VAT reverse charge: the customer accounts for the VAT (Article 196, Council Directive 2006/112/EC).',
  },
} as const;

const formatDay = (day: string, language: Language) => formatLongDate(`${day}T00:00:00Z`, language);

/** A credit note is drawn as the invoice it corrects, titled and worded as one (0063). */
export type CorrectedInvoice = { invoiceNumber: string; invoiceIssuedOn: string };

export const renderInvoicePdf = (
  invoice: Omit<Invoice, 'id'> & { seller: InvoiceParty; buyer: InvoiceParty },
  language: Language,
  corrects?: CorrectedInvoice,
): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const texts = TEXTS[language];
    const title = corrects ? texts.creditNoteTitle : texts.title;
    const money = (cents: number) => formatCents(cents, { language, currency: invoice.currency });
    const document = new PDFDocument({
      size: 'A4',
      margin: 56,
      info: { Title: `${title} ${invoice.number}` },
    });
    const chunks: Buffer[] = [];
    document.on('data', (chunk: Buffer) => chunks.push(chunk));
    document.on('end', () => resolve(Buffer.concat(chunks)));
    document.on('error', reject);

    const accent = '#7a2e3a';
    document.fillColor(accent).font('Helvetica-Bold').fontSize(22).text('CARTA', { characterSpacing: 2 });
    document.moveDown(0.5);
    document.fillColor('#222222').fontSize(16).text(`${title} ${invoice.number}`);
    document
      .font('Helvetica')
      .fontSize(10)
      .text(`${texts.date}: ${formatDay(invoice.issuedOn, language)}`);
    if (corrects)
      document.text(texts.corrects(corrects.invoiceNumber, formatDay(corrects.invoiceIssuedOn, language)));
    document.moveDown(1.5);

    const top = document.y;
    const party = (title: string, who: InvoiceParty, x: number) => {
      document
        .font('Helvetica-Bold')
        .fontSize(9)
        .fillColor(accent)
        .text(title.toUpperCase(), x, top, { width: 220 });
      document
        .font('Helvetica-Bold')
        .fontSize(11)
        .fillColor('#222222')
        .text(who.name, x, undefined, { width: 220 });
      document.font('Helvetica').fontSize(10);
      for (const line of who.addressLines) document.text(line, x, undefined, { width: 220 });
      document.text(who.country, x, undefined, { width: 220 });
      document.text(`${texts.vat} ${who.vatNumber}`, x, undefined, { width: 220 });
      if (who.fiscalCode) document.text(`C.F. ${who.fiscalCode}`, x, undefined, { width: 220 });
      if (who.sdiCode && who.sdiCode !== NO_SDI_CODE)
        document.text(`${texts.sdiCode} ${who.sdiCode}`, x, undefined, { width: 220 });
      else if (who.pec) document.text(`PEC ${who.pec}`, x, undefined, { width: 220 });
      return document.y;
    };
    const bottom = Math.max(party(texts.seller, invoice.seller, 56), party(texts.buyer, invoice.buyer, 316));
    document.y = bottom + 28;

    const left = 56;
    const right = 539;
    const row = (label: string, value: string, bold = false) => {
      const y = document.y;
      document
        .font(bold ? 'Helvetica-Bold' : 'Helvetica')
        .fontSize(10.5)
        .fillColor('#222222');
      document.text(label, left, y, { width: 330 });
      document.text(value, 380, y, { width: right - 380, align: 'right' });
      document.moveDown(0.6);
    };
    document.font('Helvetica-Bold').fontSize(9).fillColor(accent);
    const headerY = document.y;
    document.text(texts.description.toUpperCase(), left, headerY);
    document.text(texts.amount.toUpperCase(), 380, headerY, { width: right - 380, align: 'right' });
    document
      .moveTo(left, document.y + 4)
      .lineTo(right, document.y + 4)
      .strokeColor('#d8cfcb')
      .stroke();
    document.moveDown(0.8);
    row(texts.service(invoice.months), money(invoice.netCents));
    document
      .font('Helvetica')
      .fontSize(9)
      .fillColor('#6b605c')
      .text(
        `${texts.period}: ${formatDay(invoice.periodStart, language)} – ${formatDay(invoice.periodEnd, language)}`,
        left,
      );
    document.moveDown(1.2);
    document.moveTo(left, document.y).lineTo(right, document.y).strokeColor('#d8cfcb').stroke();
    document.moveDown(0.6);
    row(texts.net, money(invoice.netCents));
    row(
      texts.vatLine(
        new Intl.NumberFormat(language === 'en' ? 'en-GB' : 'it-IT').format(invoice.vatBasisPoints / 100),
      ),
      money(invoice.vatCents),
    );
    row(texts.total, money(invoice.grossCents), true);
    document.moveDown(1);
    document
      .font('Helvetica')
      .fontSize(9.5)
      .fillColor('#444444')
      .text(corrects ? texts.refunded : texts.paid, left);
    if (invoice.reverseCharge) {
      document.moveDown(0.5);
      document.text(texts.reverseCharge, left, undefined, { width: right - left });
      // VIES could not confirm the number when the invoice was issued (0062).
      const note = vatCheckNote(invoice.buyer, language);
      if (note) document.moveDown(0.5).text(note, left, undefined, { width: right - left });
    }
    document.end();
  });
