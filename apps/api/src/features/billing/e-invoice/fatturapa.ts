import { deliveryOf } from '@carta/contract/e-invoice';
import type { InvoiceParty } from '../../../db/schema.ts';
import { vatCheckNote } from '../../billing/tax.ts';
import type { DocumentTotals } from '../fiscal-documents.ts';
import { asciiText, element, latinText, leaf, writeXml, type XmlElement } from './xml.ts';

// An invoice (TD01) or a credit note (TD04) as a FatturaPA 1.2.2 file for private parties (FPR12): the
// seller from the configuration as it was on the document, the buyer as the document holds it, one line
// for the Smart period, one summary per VAT rate, amounts in integer cents written with two decimals
// (docs/decisions/0062).

export const FATTURAPA_NAMESPACE = 'http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2';

/** What a FatturaPA file is made of: an invoice or credit note row, with the invoice it corrects. */
export type FatturaPaDocument = {
  kind: 'invoice' | 'creditNote';
  /** `2026-000042`, `2026-NC-000001`. */
  number: string;
  /** `YYYY-MM-DD`. */
  issuedOn: string;
} & DocumentTotals & {
    periodStart: string;
    periodEnd: string;
    seller: InvoiceParty;
    buyer: InvoiceParty;
    /** A credit note: the invoice it corrects. */
    correctedInvoice?: { number: string; issuedOn: string } | null;
  };

/** Reverse charge on a B2B service to a business in another EU member state (art. 7-ter DPR 633/72). */
export const REVERSE_CHARGE_NATURE = 'N2.1';
export const REVERSE_CHARGE_REFERENCE =
  'Art. 7-ter DPR 633/72, inversione contabile (art. 196 Direttiva 2006/112/CE)';

/** Integer cents as FatturaPA amounts: `2318` → `23.18`, never through a float. */
export const formatAmount = (cents: number) => {
  if (!Number.isInteger(cents)) throw new Error(`Amount in cents must be an integer, got ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(cents);
  return `${sign}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
};

/** Basis points as a FatturaPA rate: `2200` → `22.00`. */
export const formatRate = (basisPoints: number) => formatAmount(basisPoints);

const italianDay = (day: string) => day.split('-').reverse().join('/');

/** A VAT number as FatturaPA's IdCodice: without spaces, punctuation or its country prefix. */
const vatCode = (vatNumber: string, country: string) => {
  const compact = vatNumber.replace(/[\s.\-/]/g, '').toUpperCase();
  const prefix = country.toUpperCase() === 'GR' ? 'EL' : country.toUpperCase();
  return compact.startsWith(prefix) ? compact.slice(prefix.length) : compact;
};

type Place = { street: string; postalCode: string; city: string; province: string | null };

/**
 * The postal parts of a party: its own (documents issued since 0062), or read back from the printed
 * lines (`street`, …, `CAP Comune PR`) of an older one.
 */
const placeOf = (party: InvoiceParty): Place => {
  if (party.street && party.postalCode && party.city)
    return {
      street: party.street,
      postalCode: party.postalCode,
      city: party.city,
      province: party.province ?? null,
    };
  const lines = party.addressLines.filter(Boolean);
  const last = lines.length > 1 ? (lines.at(-1) ?? '') : '';
  const italian = /^(\d{5})\s+(.+?)(?:\s+([A-Z]{2}))?$/.exec(last);
  const [postalCode = '', ...city] = last.split(/\s+/);
  return {
    street: lines.slice(0, Math.max(1, lines.length - 1)).join(', ') || party.name,
    postalCode: italian?.[1] ?? postalCode,
    city: italian?.[2] ?? (city.join(' ') || postalCode),
    province: italian?.[3] ?? null,
  };
};

/** Sede: an Italian CAP is 5 digits; a foreign postal code that is not goes as 00000, as SDI asks. */
const sede = (party: InvoiceParty) => {
  const place = placeOf(party);
  const country = party.country.toUpperCase();
  const isItalian = country === 'IT';
  const province = place.province?.toUpperCase() ?? '';
  return element(
    'Sede',
    leaf('Indirizzo', latinText(place.street, 60) || '-'),
    leaf('CAP', /^\d{5}$/.test(place.postalCode) ? place.postalCode : '00000'),
    leaf('Comune', latinText(place.city, 60) || '-'),
    isItalian && /^[A-Z]{2}$/.test(province) ? leaf('Provincia', province) : null,
    leaf('Nazione', country),
  );
};

const idFiscaleIva = (country: string, vatNumber: string) =>
  element(
    'IdFiscaleIVA',
    leaf('IdPaese', country.toUpperCase()),
    leaf('IdCodice', vatCode(vatNumber, country)),
  );

const seller = (party: InvoiceParty) =>
  element(
    'CedentePrestatore',
    element(
      'DatiAnagrafici',
      idFiscaleIva(party.country, party.vatNumber),
      leaf('CodiceFiscale', party.fiscalCode ?? null),
      element('Anagrafica', leaf('Denominazione', latinText(party.name, 80))),
      leaf('RegimeFiscale', party.taxRegime ?? 'RF01'),
    ),
    sede(party),
  );

/**
 * The buyer: an Italian one by its partita IVA and/or codice fiscale, a foreign one by its VAT number
 * (FatturaPA has no codice fiscale for it).
 */
const buyer = (party: InvoiceParty) => {
  const country = party.country.toUpperCase();
  const isItalian = country === 'IT';
  const hasVat = party.vatNumber.trim() !== '';
  return element(
    'CessionarioCommittente',
    element(
      'DatiAnagrafici',
      hasVat ? idFiscaleIva(country, party.vatNumber) : null,
      isItalian ? leaf('CodiceFiscale', party.fiscalCode ?? null) : null,
      element('Anagrafica', leaf('Denominazione', latinText(party.name, 80))),
    ),
    sede(party),
  );
};

/** A document's FatturaPA file; `progressive` is its file name's (file-name.ts), also its ProgressivoInvio. */
export const buildFatturaPa = (document: FatturaPaDocument, progressive: string): string => {
  const delivery = deliveryOf(document.buyer);
  const isCreditNote = document.kind === 'creditNote';
  const rate = document.reverseCharge ? '0.00' : formatRate(document.vatBasisPoints);
  const nature = document.reverseCharge ? REVERSE_CHARGE_NATURE : null;
  const causes = [
    isCreditNote && document.correctedInvoice
      ? `Nota di credito: rimborso sulla fattura ${document.correctedInvoice.number} del ${italianDay(document.correctedInvoice.issuedOn)}`
      : null,
    document.reverseCharge ? 'Inversione contabile: l’imposta è dovuta dal committente' : null,
    document.reverseCharge ? vatCheckNote(document.buyer, 'it') : null,
  ].filter((cause): cause is string => Boolean(cause));
  const period = `${italianDay(document.periodStart)} - ${italianDay(document.periodEnd)}`;

  const root: XmlElement = {
    ...element(
      'p:FatturaElettronica',
      element(
        'FatturaElettronicaHeader',
        element(
          'DatiTrasmissione',
          element(
            'IdTrasmittente',
            leaf('IdPaese', 'IT'),
            leaf('IdCodice', document.seller.fiscalCode || vatCode(document.seller.vatNumber, 'IT')),
          ),
          leaf('ProgressivoInvio', progressive),
          leaf('FormatoTrasmissione', 'FPR12'),
          leaf('CodiceDestinatario', delivery.code),
          leaf('PECDestinatario', delivery.pec),
        ),
        seller(document.seller),
        buyer(document.buyer),
      ),
      element(
        'FatturaElettronicaBody',
        element(
          'DatiGenerali',
          element(
            'DatiGeneraliDocumento',
            leaf('TipoDocumento', isCreditNote ? 'TD04' : 'TD01'),
            leaf('Divisa', document.currency.toUpperCase()),
            leaf('Data', document.issuedOn),
            leaf('Numero', asciiText(document.number, 20)),
            leaf('ImportoTotaleDocumento', formatAmount(document.grossCents)),
            ...causes.map((cause) => leaf('Causale', latinText(cause, 200))),
          ),
          isCreditNote && document.correctedInvoice
            ? element(
                'DatiFattureCollegate',
                leaf('IdDocumento', asciiText(document.correctedInvoice.number, 20)),
                leaf('Data', document.correctedInvoice.issuedOn),
              )
            : null,
        ),
        element(
          'DatiBeniServizi',
          element(
            'DettaglioLinee',
            leaf('NumeroLinea', '1'),
            leaf('Descrizione', latinText(`Carta Smart ${period}`, 1000)),
            leaf('DataInizioPeriodo', document.periodStart),
            leaf('DataFinePeriodo', document.periodEnd),
            leaf('PrezzoUnitario', formatAmount(document.netCents)),
            leaf('PrezzoTotale', formatAmount(document.netCents)),
            leaf('AliquotaIVA', rate),
            leaf('Natura', nature),
          ),
          element(
            'DatiRiepilogo',
            leaf('AliquotaIVA', rate),
            leaf('Natura', nature),
            leaf('ImponibileImporto', formatAmount(document.netCents)),
            leaf('Imposta', formatAmount(document.reverseCharge ? 0 : document.vatCents)),
            document.reverseCharge ? null : leaf('EsigibilitaIVA', 'I'),
            document.reverseCharge
              ? leaf('RiferimentoNormativo', latinText(REVERSE_CHARGE_REFERENCE, 100))
              : null,
          ),
        ),
        // Paid by card when it was issued; a credit note's money goes back the same way, said by TD04.
        isCreditNote
          ? null
          : element(
              'DatiPagamento',
              leaf('CondizioniPagamento', 'TP02'),
              element(
                'DettaglioPagamento',
                leaf('ModalitaPagamento', 'MP08'),
                leaf('ImportoPagamento', formatAmount(document.grossCents)),
              ),
            ),
      ),
    ),
    attributes: {
      'xmlns:p': FATTURAPA_NAMESPACE,
      'xmlns:ds': 'http://www.w3.org/2000/09/xmldsig#',
      versione: 'FPR12',
    },
  };
  return writeXml(root);
};
