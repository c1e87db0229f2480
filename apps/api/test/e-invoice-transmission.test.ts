import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../src/db/client.ts';
import { auditLog, clubs, eInvoiceTransmissions, invoices, sessions } from '../src/db/schema.ts';
import { runTransmissions } from '../src/features/billing/e-invoice/transmissions.ts';
import { hashToken, newToken } from '../src/lib/tokens.ts';
import {
  issueTestCreditNote,
  issueTestInvoice,
  seedBillingClub,
  useEInvoiceApp,
} from './e-invoice-helpers.ts';
import { type FakeSdi, startFakeSdi } from './fake-sdi.ts';
import { poolUrlFor, present, seedOwner, testDatabaseKind } from './helpers.ts';

// FatturaPA files on their way to SDI through an intermediary (a local fake of its HTTP API), run by the
// transmission job with a driven clock: delivered, rejected with SDI's reason (shown to the admin, sent
// again once fixed), the intermediary down (tried again later, nothing lost), two processes at once
// (each file sent once); and the default outbox folder for the accountant.

const API = '/api/v1';
const MINUTE = 60 * 1000;

describe('transmissions through an intermediary', () => {
  let fake: FakeSdi;
  beforeAll(async () => {
    fake = await startFakeSdi();
  });
  afterAll(async () => {
    await fake?.close();
  });
  const context = useEInvoiceApp(() => ({ SDI_PROVIDER_URL: fake.url, SDI_PROVIDER_TOKEN: fake.token }));
  const db = () => context.database.db;
  let clock = new Date('2027-01-10T09:00:00Z').getTime();
  /** Each test's rounds run later than the last one's: rows another test left due run with them. */
  const later = (ms = 0) => {
    clock += ms;
    return new Date(clock);
  };

  const transmissionOf = async (documentId: number, kind: 'invoice' | 'creditNote' = 'invoice') =>
    present(
      (
        await db()
          .select()
          .from(eInvoiceTransmissions)
          .where(
            and(
              eq(eInvoiceTransmissions.documentKind, kind),
              eq(eInvoiceTransmissions.documentId, documentId),
            ),
          )
      )[0],
      `the transmission of ${kind} ${documentId}`,
    );

  const newInvoice = async (data: Parameters<typeof seedBillingClub>[2] = { sdiCode: 'M5UXCR1' }) => {
    const owner = await seedOwner(context.database);
    const club = await seedBillingClub(context.database, owner.account.id, data);
    return { club, invoice: await issueTestInvoice(context.database, club.id, context.app.config.seller) };
  };

  const run = (at: Date) => runTransmissions(context.app.eInvoices, at);

  it('sends every invoice and credit note, and records them delivered', async () => {
    fake.outcome = { status: 'delivered' };
    const { invoice } = await newInvoice();
    const note = await issueTestCreditNote(context.database, invoice, 1000);
    await run(later(MINUTE));
    const sent = await transmissionOf(invoice.id);
    expect(sent).toMatchObject({ status: 'delivered', reason: null, attempts: 0 });
    expect(sent.providerId).toMatch(/^sdi-/);
    expect(sent.sentAt).not.toBeNull();
    const file = present(fake.files.get(present(sent.providerId, 'provider id')), 'the file at the fake');
    expect(file.fileName).toBe(sent.fileName);
    expect(file.xml).toContain('<TipoDocumento>TD01</TipoDocumento>');
    expect(file.xml).toContain('<CodiceDestinatario>M5UXCR1</CodiceDestinatario>');
    const noteRow = await transmissionOf(note.id, 'creditNote');
    expect(noteRow.status).toBe('delivered');
    expect(fake.files.get(present(noteRow.providerId, 'id'))?.xml).toContain(
      '<TipoDocumento>TD04</TipoDocumento>',
    );
    // Nothing is sent twice: the next round finds nothing to do for them.
    const posts = fake.posts.length;
    await run(later(MINUTE));
    expect(fake.posts.filter((name) => name === sent.fileName)).toHaveLength(1);
    expect(fake.posts.length).toBe(posts);
  });

  it('asks again later after a file that is still on its way', async () => {
    fake.outcome = { status: 'sent' };
    const { invoice } = await newInvoice();
    await run(later(MINUTE));
    const waiting = await transmissionOf(invoice.id);
    expect(waiting.status).toBe('sent');
    fake.outcome = { status: 'delivered' };
    await run(later(2 * MINUTE));
    expect((await transmissionOf(invoice.id)).status).toBe('delivered');
  });

  it('tries again with backoff while the intermediary answers 5xx or is gone, and loses nothing', async () => {
    fake.outcome = { status: 'delivered' };
    const { invoice } = await newInvoice();
    fake.isFailing = true;
    const start = later(MINUTE);
    await run(start);
    const first = await transmissionOf(invoice.id);
    expect(first).toMatchObject({ status: 'waiting', attempts: 1 });
    expect(first.reason).toContain('Service temporarily unavailable');
    expect(first.nextAttemptAt?.getTime()).toBe(start.getTime() + MINUTE);

    // Not due yet: not tried.
    const posts = fake.posts.length;
    await run(later(30 * 1000));
    expect(fake.posts.length).toBe(posts);

    // Gone altogether: connection refused, the next delay doubles.
    await fake.goAway();
    const second = later(MINUTE);
    await run(second);
    const refused = await transmissionOf(invoice.id);
    expect(refused).toMatchObject({ status: 'waiting', attempts: 2 });
    expect(refused.reason).toContain('could not be reached');
    expect(refused.nextAttemptAt?.getTime()).toBe(second.getTime() + 2 * MINUTE);

    await fake.comeBack();
    fake.isFailing = false;
    await run(later(2 * MINUTE));
    expect(await transmissionOf(invoice.id)).toMatchObject({
      status: 'delivered',
      attempts: 0,
      reason: null,
    });
  });

  it("shows SDI's rejection to the admin, and sends the file again under a new name once fixed", async () => {
    fake.outcome = { status: 'rejected', reason: '00311 1.1.4 <CodiceDestinatario> non valido' };
    const { club, invoice } = await newInvoice({ sdiCode: 'ZZZZZZZ' });
    await run(later(MINUTE));
    const rejected = await transmissionOf(invoice.id);
    expect(rejected).toMatchObject({
      status: 'rejected',
      reason: '00311 1.1.4 <CodiceDestinatario> non valido',
    });

    const admin = await seedOwner(context.database, { isAdmin: true });
    const asAdmin = (method: 'GET' | 'POST', url: string) =>
      context.app.inject({ method, url: `${API}${url}`, headers: { authorization: admin.authorization } });
    const page = (await asAdmin('GET', '/admin/e-invoices?status=rejected&pageSize=100')).json();
    expect(page.provider).toBe('http');
    const listed = present(
      page.transmissions.find((row: { id: number }) => row.id === rejected.id),
      'the rejected file in the list',
    );
    expect(listed).toMatchObject({
      clubId: club.id,
      clubName: club.name,
      documentKind: 'invoice',
      documentNumber: `${invoice.year}-${String(invoice.sequence).padStart(6, '0')}`,
      fileName: rejected.fileName,
      status: 'rejected',
      reason: '00311 1.1.4 <CodiceDestinatario> non valido',
    });
    expect(page.transmissions.every((row: { status: string }) => row.status === 'rejected')).toBe(true);
    const xml = await asAdmin('GET', `/admin/e-invoices/${rejected.id}/xml`);
    expect(xml.statusCode).toBe(200);
    expect(xml.headers['content-disposition']).toBe(`attachment; filename="${rejected.fileName}"`);
    expect(xml.body).toContain('<CodiceDestinatario>ZZZZZZZ</CodiceDestinatario>');

    // Only admins; only a rejected file.
    const owner = await seedOwner(context.database);
    const refused = await context.app.inject({
      method: 'POST',
      url: `${API}/admin/e-invoices/${rejected.id}/resend`,
      headers: { authorization: owner.authorization },
    });
    expect(refused.statusCode).toBe(403);

    // The owner fixes the code; the admin sends it again.
    await db().update(clubs).set({ sdiCode: 'M5UXCR1' }).where(eq(clubs.id, club.id));
    const resent = await asAdmin('POST', `/admin/e-invoices/${rejected.id}/resend`);
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toMatchObject({ status: 'waiting', reason: null });
    expect(resent.json().fileName).not.toBe(rejected.fileName);
    expect((await asAdmin('POST', `/admin/e-invoices/${rejected.id}/resend`)).statusCode).toBe(409);
    const [audit] = await db().select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(audit).toMatchObject({
      actorAccountId: admin.account.id,
      action: 'eInvoice.resend',
      targetType: 'eInvoice',
      targetId: rejected.id,
    });
    expect(audit?.details).toMatchObject({
      previousFileName: rejected.fileName,
      fileName: resent.json().fileName,
    });
    const [fixed] = await db().select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(fixed?.buyer.sdiCode).toBe('M5UXCR1');

    fake.outcome = { status: 'delivered' };
    await run(later(MINUTE));
    const delivered = await transmissionOf(invoice.id);
    expect(delivered).toMatchObject({ status: 'delivered', fileName: resent.json().fileName });
    expect(fake.files.get(present(delivered.providerId, 'id'))?.xml).toContain(
      '<CodiceDestinatario>M5UXCR1</CodiceDestinatario>',
    );
    // The owner's download is named as the file that was sent.
    const download = await context.app.inject({
      method: 'GET',
      url: `${API}/clubs/${club.id}/invoices/${invoice.id}/fatturapa`,
      headers: { authorization: (await seedOwnerOf(club.ownerId)).authorization },
    });
    expect(download.headers['content-disposition']).toBe(`attachment; filename="${delivered.fileName}"`);
  });

  it('sends each file once when two processes run at the same time', async () => {
    fake.outcome = { status: 'delivered' };
    const mine = await Promise.all([newInvoice(), newInvoice(), newInvoice()]);
    // A second process: its own pool on PostgreSQL; PGlite has one connection, shared.
    let second: DatabaseHandle | null = null;
    if (testDatabaseKind() === 'postgres') {
      const url = present(process.env.TEST_DATABASE_URL, 'TEST_DATABASE_URL');
      second = await openDatabase({ kind: 'postgres', url: poolUrlFor(url), listenUrl: url, poolSize: 2 });
    }
    try {
      const at = later(MINUTE);
      await Promise.all([
        runTransmissions(context.app.eInvoices, at),
        runTransmissions({ ...context.app.eInvoices, db: second?.db ?? context.app.eInvoices.db }, at),
      ]);
    } finally {
      await second?.close();
    }
    for (const { invoice } of mine) {
      const row = await transmissionOf(invoice.id);
      expect(row.status).toBe('delivered');
      expect(fake.posts.filter((name) => name === row.fileName)).toHaveLength(1);
    }
  });

  /** A session of the club's owner (the fixtures made the account). */
  const seedOwnerOf = async (ownerId: number) => {
    const token = newToken();
    await db()
      .insert(sessions)
      .values({
        accountId: ownerId,
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + 60 * MINUTE),
      });
    return { authorization: `Bearer ${token}` };
  };
});

describe('the outbox for the accountant (default)', () => {
  const context = useEInvoiceApp();

  it('writes each file to DATA_DIR/sdi-outbox and counts it delivered; the admin lists it', async () => {
    const owner = await seedOwner(context.database);
    const club = await seedBillingClub(context.database, owner.account.id, { pec: 'bar@pec.it' });
    const invoice = await issueTestInvoice(context.database, club.id, context.app.config.seller);
    await runTransmissions(context.app.eInvoices, new Date('2027-02-01T09:00:00Z'));
    const [row] = await context.database.db
      .select()
      .from(eInvoiceTransmissions)
      .where(
        and(
          eq(eInvoiceTransmissions.documentKind, 'invoice'),
          eq(eInvoiceTransmissions.documentId, invoice.id),
        ),
      );
    expect(row).toMatchObject({ status: 'delivered', providerId: row?.fileName });
    const file = path.join(context.dataDirectory, 'sdi-outbox', present(row?.fileName, 'file name'));
    expect(existsSync(file)).toBe(true);
    const xml = readFileSync(file, 'utf8');
    expect(xml).toContain('<CodiceDestinatario>0000000</CodiceDestinatario>');
    expect(xml).toContain('<PECDestinatario>bar@pec.it</PECDestinatario>');

    const admin = await seedOwner(context.database, { isAdmin: true });
    const page = await context.app.inject({
      method: 'GET',
      url: `${API}/admin/e-invoices?status=delivered&pageSize=100`,
      headers: { authorization: admin.authorization },
    });
    expect(page.json().provider).toBe('outbox');
    expect(page.json().transmissions.map((listed: { id: number }) => listed.id)).toContain(row?.id);
    const asOwner = await context.app.inject({
      method: 'GET',
      url: `${API}/admin/e-invoices`,
      headers: { authorization: owner.authorization },
    });
    expect(asOwner.statusCode).toBe(403);
  });
});
