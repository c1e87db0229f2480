import { createRequire } from 'node:module';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clubs } from '../src/db/schema.ts';
import { createViesChecker, offlineVatChecker, vatCheckerFor } from '../src/features/billing/vies.ts';
import { issueTestInvoice, seedBillingClub, useEInvoiceApp } from './e-invoice-helpers.ts';
import { type FakeVies, startFakeVies } from './fake-vies.ts';
import { present, seedOwner, testConfig } from './helpers.ts';

// VIES (docs/decisions/0062): a German club's VAT number checked with the EU's service (a local fake of
// its REST API) when its billing data are saved; reverse charge when VIES says valid, German VAT when it
// says invalid, and, when it cannot answer, reverse charge on the format check with a line that says so
// on the invoice's PDF and FatturaPA file. Saving never fails because VIES does.

const API = '/api/v1';
const REGISTERED = '136695976';
const NOT_REGISTERED = '811569869';

const STANDARD_FONTS = `${path.join(
  path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')),
  'standard_fonts',
)}/`;

const pdfText = async (bytes: Buffer) => {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await pdfjs.getDocument({
    data: new Uint8Array(bytes),
    standardFontDataUrl: STANDARD_FONTS,
    useSystemFonts: false,
  }).promise;
  const content = await (await document.getPage(1)).getTextContent();
  await document.destroy();
  return content.items
    .map((item) => ('str' in item ? item.str : ''))
    .join(' ')
    .replace(/[\s\u00a0]+/g, ' ');
};

describe('the VIES adapter', () => {
  let fake: FakeVies;
  beforeAll(async () => {
    fake = await startFakeVies();
    fake.registered.set(`DE${REGISTERED}`, 'Biergarten München GmbH');
  });
  afterAll(async () => {
    await fake?.close();
  });

  it('answers valid with the name, invalid, and unavailable when VIES cannot say', async () => {
    const vies = createViesChecker(fake.url);
    fake.mode = 'up';
    expect(await vies.check('DE', `DE ${REGISTERED}`)).toEqual({
      status: 'valid',
      name: 'Biergarten München GmbH',
    });
    expect(fake.requests.at(-1)).toEqual({ countryCode: 'DE', vatNumber: REGISTERED });
    expect(await vies.check('de', NOT_REGISTERED)).toEqual({ status: 'invalid', name: null });
    fake.mode = 'down';
    expect(await vies.check('DE', REGISTERED)).toEqual({ status: 'unavailable' });
    fake.mode = 'memberStateUnavailable';
    expect(await vies.check('DE', REGISTERED)).toEqual({ status: 'unavailable' });
    fake.mode = 'up';
    // Greece is EL to VIES.
    await vies.check('GR', '094014201');
    expect(fake.requests.at(-1)).toEqual({ countryCode: 'EL', vatNumber: '094014201' });
    // Nobody listening.
    expect(await createViesChecker('http://127.0.0.1:9/check-vat-number').check('DE', REGISTERED)).toEqual({
      status: 'unavailable',
    });
  });

  it('is off unless VIES_ENABLED: the default answers unavailable and asks nobody', async () => {
    expect(vatCheckerFor(testConfig())).toBe(offlineVatChecker);
    expect(await offlineVatChecker.check('DE', REGISTERED)).toEqual({ status: 'unavailable' });
    expect(testConfig().vies.url).toBe(
      'https://ec.europa.eu/taxation_customs/vies/rest-api/check-vat-number',
    );
    expect(vatCheckerFor(testConfig({ VIES_ENABLED: 'true' }))).not.toBe(offlineVatChecker);
  });
});

describe('VIES when billing data are saved, and what the invoice then says', () => {
  let fake: FakeVies;
  beforeAll(async () => {
    fake = await startFakeVies();
    fake.registered.set(`DE${REGISTERED}`, 'Biergarten München GmbH');
  });
  afterAll(async () => {
    await fake?.close();
  });
  const context = useEInvoiceApp(() => ({ VIES_ENABLED: 'true', VIES_URL: fake.url }));

  /** A German club whose owner saves `vatNumber` in the billing form. */
  const germanClubSaving = async (vatNumber: string) => {
    const owner = await seedOwner(context.database);
    const club = await seedBillingClub(context.database, owner.account.id, {
      country: 'DE',
      vatNumber: 'DE000000000',
    });
    const call = (method: 'GET' | 'PATCH', url: string, payload?: unknown) =>
      context.app.inject({
        method,
        url: `${API}/clubs/${club.id}${url}`,
        headers: { authorization: owner.authorization, 'accept-language': 'it' },
        ...(payload ? { payload } : {}),
      });
    const saved = await call('PATCH', '', {
      companyName: 'Biergarten GmbH',
      vatNumber,
      billingAddress: null,
    });
    expect(saved.statusCode).toBe(200);
    const invoice = async () => {
      const issued = await issueTestInvoice(context.database, club.id, context.app.config.seller);
      const xml = (await call('GET', `/invoices/${issued.id}/fatturapa`)).body;
      const pdf = await pdfText((await call('GET', `/invoices/${issued.id}/pdf`)).rawPayload);
      return { issued, xml, pdf };
    };
    return { club, saved: saved.json(), call, invoice };
  };

  it('valid: reverse charge, N2.1, and nothing more to say', async () => {
    fake.mode = 'up';
    const { saved, call, invoice } = await germanClubSaving(`DE${REGISTERED}`);
    expect(saved.vatCheck).toMatchObject({
      vatNumber: `DE${REGISTERED}`,
      status: 'valid',
      name: 'Biergarten München GmbH',
    });
    expect(Date.parse(saved.vatCheck.checkedAt)).toBeGreaterThan(Date.now() - 60_000);
    const plans = (await call('GET', '/payments/plans')).json();
    expect(plans.every((plan: { reverseCharge: boolean }) => plan.reverseCharge)).toBe(true);
    const { issued, xml, pdf } = await invoice();
    expect(issued).toMatchObject({ reverseCharge: true, vatCents: 0, vatBasisPoints: 0 });
    expect(issued.buyer.vatCheck).toMatchObject({ status: 'valid' });
    expect(xml).toContain('<Natura>N2.1</Natura>');
    expect(xml).not.toContain('VIES');
    expect(pdf).toContain('inversione contabile');
    expect(pdf).not.toContain('VIES');
  });

  it('invalid: no reverse charge, VAT charged, and the saved data say so', async () => {
    fake.mode = 'up';
    const { saved, call, invoice } = await germanClubSaving(NOT_REGISTERED);
    expect(saved.vatCheck).toMatchObject({ vatNumber: NOT_REGISTERED, status: 'invalid' });
    const plans = (await call('GET', '/payments/plans')).json();
    expect(plans.some((plan: { reverseCharge: boolean }) => plan.reverseCharge)).toBe(false);
    const { issued, xml } = await invoice();
    expect(issued.reverseCharge).toBe(false);
    expect(issued.vatCents).toBeGreaterThan(0);
    expect(issued.buyer.vatCheck).toBeNull();
    expect(xml).not.toContain('N2.1');
    expect(xml).toContain(`<AliquotaIVA>${(issued.vatBasisPoints / 100).toFixed(2)}</AliquotaIVA>`);
  });

  it('down: saved all the same, reverse charge on the format, and the invoice says VIES was not reached', async () => {
    fake.mode = 'down';
    const { club, saved, invoice } = await germanClubSaving(`DE${REGISTERED}`);
    expect(saved.vatCheck).toMatchObject({ vatNumber: `DE${REGISTERED}`, status: 'unavailable' });
    const day = new Intl.DateTimeFormat('it-IT', {
      timeZone: 'Europe/Rome',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
    }).format(new Date(saved.vatCheck.checkedAt));
    const { issued, xml, pdf } = await invoice();
    expect(issued.reverseCharge).toBe(true);
    expect(issued.buyer.vatCheck).toMatchObject({ status: 'unavailable' });
    const note = `Partita IVA verificata solo nel formato: VIES non raggiungibile il ${day}`;
    expect(xml).toContain(`<Causale>${note}</Causale>`);
    expect(pdf).toContain(note);
    const [row] = await context.database.db.select().from(clubs).where(eq(clubs.id, club.id));
    expect(present(row, 'club').vatCheck?.status).toBe('unavailable');
  });

  it('a later change of the VAT number is checked again; an Italian club is not checked', async () => {
    fake.mode = 'up';
    const { call } = await germanClubSaving(NOT_REGISTERED);
    const again = await call('PATCH', '', { vatNumber: `DE${REGISTERED}` });
    expect(again.json().vatCheck).toMatchObject({ status: 'valid' });

    const owner = await seedOwner(context.database);
    const italian = await seedBillingClub(context.database, owner.account.id);
    const requests = fake.requests.length;
    const saved = await context.app.inject({
      method: 'PATCH',
      url: `${API}/clubs/${italian.id}`,
      headers: { authorization: owner.authorization },
      payload: { vatNumber: 'IT00743110157' },
    });
    expect(saved.json().vatCheck).toBeNull();
    expect(fake.requests.length).toBe(requests);
  });
});
