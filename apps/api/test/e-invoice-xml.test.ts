import { describe, expect, it } from 'vitest';
import type { InvoiceParty } from '../src/db/schema.ts';
import {
  buildFatturaPa,
  type FatturaPaDocument,
  formatAmount,
  REVERSE_CHARGE_REFERENCE,
} from '../src/features/billing/e-invoice/fatturapa.ts';
import {
  fileNameOf,
  generationOf,
  progressiveOf,
  progressiveOfFileName,
} from '../src/features/billing/e-invoice/file-name.ts';
import { escapeXml, latinText } from '../src/features/billing/e-invoice/xml.ts';
import { schemaCheck, validateFatturaPa } from './fatturapa-schema.ts';
import { testConfig } from './helpers.ts';

// FatturaPA 1.2.2 files of every kind Carta writes, validated against the Agenzia delle Entrate's XSD
// (test/data/fatturapa) with xmllint: Italian buyers with an SDI code, a PEC, a codice fiscale only;
// an EU buyer under reverse charge (with and without VIES); a buyer outside the EU; a credit note.

const seller: InvoiceParty = testConfig().seller;

const italianAddress = {
  addressLines: ['Via Torino 5', '10121 Torino TO'],
  country: 'IT',
  street: 'Via Torino 5',
  postalCode: '10121',
  city: 'Torino',
  province: 'TO',
};

const invoice = (buyer: InvoiceParty, changes: Partial<FatturaPaDocument> = {}): FatturaPaDocument => ({
  kind: 'invoice',
  number: '2026-000042',
  issuedOn: '2026-11-26',
  currency: 'EUR',
  netCents: 1900,
  vatBasisPoints: 2200,
  vatCents: 418,
  grossCents: 2318,
  reverseCharge: false,
  periodStart: '2026-11-26',
  periodEnd: '2026-12-26',
  seller,
  buyer,
  ...changes,
});

const reverseCharged = (buyer: InvoiceParty) =>
  invoice(buyer, { vatBasisPoints: 0, vatCents: 0, netCents: 1900, grossCents: 1900, reverseCharge: true });

const KINDS: Record<string, FatturaPaDocument> = {
  'Italian buyer with an SDI code': invoice({
    name: 'Bar Roma S.r.l.',
    vatNumber: 'IT00743110157',
    ...italianAddress,
    sdiCode: 'M5UXCR1',
  }),
  'Italian buyer with a PEC address': invoice({
    name: 'Osteria del Ponte di Rossi & C. s.n.c.',
    vatNumber: '00743110157',
    ...italianAddress,
    sdiCode: '0000000',
    pec: 'osteria@pec.example.it',
  }),
  'Italian buyer with a codice fiscale only': invoice({
    name: 'Associazione Circolo Bocciofilo',
    vatNumber: '',
    ...italianAddress,
    fiscalCode: 'RSSMRA85T10A562S',
  }),
  'EU buyer under reverse charge (VIES valid)': reverseCharged({
    name: 'Biergarten München GmbH',
    vatNumber: 'DE136695976',
    addressLines: ['Leopoldstraße 12', '80802 München Bayern'],
    country: 'DE',
    street: 'Leopoldstraße 12',
    postalCode: '80802',
    city: 'München',
    province: 'Bayern',
    vatCheck: { vatNumber: 'DE136695976', status: 'valid', checkedAt: '2026-11-20T10:00:00.000Z' },
  }),
  'EU buyer under reverse charge, VIES unreachable': reverseCharged({
    name: 'Kawiarnia Łódź Sp. z o.o.',
    vatNumber: 'PL5260001246',
    addressLines: ['ul. Piotrkowska 1', '90-001 Łódź'],
    country: 'PL',
    vatCheck: { vatNumber: 'PL5260001246', status: 'unavailable', checkedAt: '2026-11-20T10:00:00.000Z' },
  }),
  'buyer outside the EU': invoice({
    name: 'Café Zürich AG',
    vatNumber: 'CHE116281710',
    addressLines: ['Bahnhofstrasse 1', '8001 Zürich'],
    country: 'CH',
  }),
  'credit note on an invoice': invoice(
    { name: 'Bar Roma S.r.l.', vatNumber: 'IT00743110157', ...italianAddress, sdiCode: 'M5UXCR1' },
    {
      kind: 'creditNote',
      number: '2026-NC-000001',
      issuedOn: '2026-12-02',
      netCents: 950,
      vatCents: 209,
      grossCents: 1159,
      correctedInvoice: { number: '2026-000042', issuedOn: '2026-11-26' },
    },
  ),
};

const xmlOf = (document: FatturaPaDocument) => buildFatturaPa(document, 'A1B2C');
const tag = (xml: string, name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1];
const tags = (xml: string, name: string) =>
  [...xml.matchAll(new RegExp(`<${name}>([^<]*)</${name}>`, 'g'))].map((match) => match[1]);

const check = schemaCheck();

describe('FatturaPA files against the official 1.2.2 schema', () => {
  if (check.isSkipped) {
    it.skip(check.reason, () => {});
    return;
  }
  for (const [kind, document] of Object.entries(KINDS)) {
    it(`validates: ${kind}`, () => {
      const result = validateFatturaPa(xmlOf(document));
      expect(result.output).toContain('validates');
      expect(result.isValid).toBe(true);
    });
  }

  it('fails a file that breaks the schema (the check itself works)', () => {
    const broken = xmlOf(KINDS['Italian buyer with an SDI code'] as FatturaPaDocument).replace(
      '<TipoDocumento>TD01</TipoDocumento>',
      '<TipoDocumento>TD99</TipoDocumento>',
    );
    const result = validateFatturaPa(broken);
    expect(result.isValid).toBe(false);
    expect(result.output).toContain('TipoDocumento');
  });
});

describe('what the files say', () => {
  it('an invoice: TD01, FPR12, the buyer’s SDI code, net, VAT and gross from cents, paid by card', () => {
    const xml = xmlOf(KINDS['Italian buyer with an SDI code'] as FatturaPaDocument);
    expect(xml).toContain('versione="FPR12"');
    expect(tag(xml, 'FormatoTrasmissione')).toBe('FPR12');
    expect(tag(xml, 'TipoDocumento')).toBe('TD01');
    expect(tag(xml, 'CodiceDestinatario')).toBe('M5UXCR1');
    expect(xml).not.toContain('PECDestinatario');
    expect(tag(xml, 'ProgressivoInvio')).toBe('A1B2C');
    expect(tags(xml, 'IdCodice')).toEqual(['12345678903', '12345678903', '00743110157']);
    expect(tag(xml, 'RegimeFiscale')).toBe('RF01');
    expect(tags(xml, 'AliquotaIVA')).toEqual(['22.00', '22.00']);
    expect(tag(xml, 'ImponibileImporto')).toBe('19.00');
    expect(tag(xml, 'Imposta')).toBe('4.18');
    expect(tag(xml, 'ImportoTotaleDocumento')).toBe('23.18');
    expect(tag(xml, 'Descrizione')).toBe('Carta Smart 26/11/2026 - 26/12/2026');
    expect(tag(xml, 'ModalitaPagamento')).toBe('MP08');
    expect(tag(xml, 'ImportoPagamento')).toBe('23.18');
    expect(tag(xml, 'Provincia')).toBe('MI');
  });

  it('an Italian buyer without a code: 0000000 with its PEC, or alone with its codice fiscale', () => {
    const pec = xmlOf(KINDS['Italian buyer with a PEC address'] as FatturaPaDocument);
    expect(tag(pec, 'CodiceDestinatario')).toBe('0000000');
    expect(tag(pec, 'PECDestinatario')).toBe('osteria@pec.example.it');
    expect(pec).toContain('<Denominazione>Osteria del Ponte di Rossi &amp; C. s.n.c.</Denominazione>');
    const fiscal = xmlOf(KINDS['Italian buyer with a codice fiscale only'] as FatturaPaDocument);
    expect(tag(fiscal, 'CodiceDestinatario')).toBe('0000000');
    expect(fiscal).not.toContain('PECDestinatario');
    const buyer = fiscal.slice(fiscal.indexOf('<CessionarioCommittente>'));
    expect(buyer).not.toContain('IdFiscaleIVA');
    expect(tag(buyer, 'CodiceFiscale')).toBe('RSSMRA85T10A562S');
  });

  it('reverse charge: rate 0.00 with Natura N2.1, its legal reference, no VAT', () => {
    const xml = xmlOf(KINDS['EU buyer under reverse charge (VIES valid)'] as FatturaPaDocument);
    expect(tags(xml, 'AliquotaIVA')).toEqual(['0.00', '0.00']);
    expect(tags(xml, 'Natura')).toEqual(['N2.1', 'N2.1']);
    expect(tag(xml, 'RiferimentoNormativo')).toBe(REVERSE_CHARGE_REFERENCE);
    expect(REVERSE_CHARGE_REFERENCE.length).toBeLessThanOrEqual(100);
    expect(REVERSE_CHARGE_REFERENCE).toContain('7-ter DPR 633/72');
    expect(tag(xml, 'Imposta')).toBe('0.00');
    expect(tag(xml, 'ImportoTotaleDocumento')).toBe('19.00');
    expect(tag(xml, 'CodiceDestinatario')).toBe('XXXXXXX');
    expect(tags(xml, 'IdPaese').at(-1)).toBe('DE');
    expect(tags(xml, 'IdCodice').at(-1)).toBe('136695976');
    expect(xml).not.toContain('VIES');
  });

  it('says when VIES could not be reached and only the format was checked', () => {
    const xml = xmlOf(KINDS['EU buyer under reverse charge, VIES unreachable'] as FatturaPaDocument);
    expect(tags(xml, 'Causale')).toContain(
      'Partita IVA verificata solo nel formato: VIES non raggiungibile il 20/11/2026',
    );
    // Łódź is not all Latin-1: its letters lose what the schema cannot hold.
    expect(tags(xml, 'Comune').at(-1)).toBe('Lódz');
    expect(tags(xml, 'CAP').at(-1)).toBe('00000');
  });

  it('a buyer outside the EU: XXXXXXX, no province, its own country', () => {
    const xml = xmlOf(KINDS['buyer outside the EU'] as FatturaPaDocument);
    expect(tag(xml, 'CodiceDestinatario')).toBe('XXXXXXX');
    expect(tags(xml, 'Nazione')).toEqual(['IT', 'CH']);
    expect(tags(xml, 'Provincia')).toEqual(['MI']);
    expect(tags(xml, 'Comune').at(-1)).toBe('Zürich');
  });

  it('a credit note: TD04, positive amounts, linked to the invoice it corrects, no payment block', () => {
    const xml = xmlOf(KINDS['credit note on an invoice'] as FatturaPaDocument);
    expect(tag(xml, 'TipoDocumento')).toBe('TD04');
    expect(tag(xml, 'Numero')).toBe('2026-NC-000001');
    expect(tag(xml, 'ImportoTotaleDocumento')).toBe('11.59');
    expect(tag(xml, 'ImponibileImporto')).toBe('9.50');
    expect(tag(xml, 'Imposta')).toBe('2.09');
    const linked = xml.slice(xml.indexOf('<DatiFattureCollegate>'), xml.indexOf('</DatiFattureCollegate>'));
    expect(tag(linked, 'IdDocumento')).toBe('2026-000042');
    expect(tag(linked, 'Data')).toBe('2026-11-26');
    expect(xml).not.toContain('DatiPagamento');
  });
});

describe('pieces', () => {
  it('writes cents with two decimals and never a float', () => {
    expect(formatAmount(2318)).toBe('23.18');
    expect(formatAmount(5)).toBe('0.05');
    expect(formatAmount(0)).toBe('0.00');
    expect(formatAmount(100_000_000)).toBe('1000000.00');
    expect(formatAmount(-1159)).toBe('-11.59');
    expect(() => formatAmount(0.5)).toThrow();
  });

  it('escapes every special character and keeps texts within Latin-1', () => {
    expect(escapeXml(`Rossi & Figli <"srl"> l'osteria`)).toBe(
      'Rossi &amp; Figli &lt;&quot;srl&quot;&gt; l&apos;osteria',
    );
    expect(latinText('Crème brûlée – Łódź, Ελλάδα € 5\n', 200)).toBe('Crème brûlée - Lódz, ?????? EUR 5');
    expect(latinText('a'.repeat(100), 80)).toHaveLength(80);
  });

  it('names files as SDI does, a new name for each resend, unique per document and kind', () => {
    expect(fileNameOf('IT12345678903', progressiveOf('invoice', 1))).toBe('IT12345678903_00008.xml');
    expect(fileNameOf('12345678903', progressiveOf('creditNote', 1))).toBe('IT12345678903_0000C.xml');
    const names = new Set<string>();
    for (let id = 1; id <= 300; id += 1)
      for (const kind of ['invoice', 'creditNote'] as const)
        for (let generation = 0; generation < 4; generation += 1) {
          const progressive = progressiveOf(kind, id, generation);
          expect(progressive).toMatch(/^[0-9A-Z]{5}$/);
          names.add(progressive);
          expect(generationOf(fileNameOf('IT1', progressive))).toBe(generation);
        }
    expect(names.size).toBe(300 * 2 * 4);
    expect(progressiveOfFileName('IT12345678903_0000C.xml')).toBe('0000C');
    expect(() => progressiveOf('invoice', 1, 4)).toThrow();
    expect(progressiveOf('creditNote', 7_558_271, 3)).toBe('ZZZZZ');
  });
});
