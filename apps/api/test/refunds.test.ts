// Over 300 lines and kept one file: every case starts from the same paid club (`paidClub`: a saved card, one
// paid monthly charge and its invoice) and refunds through the one admin call.
import { randomInt } from 'node:crypto';
import { formatCents } from '@carta/contract/payments';
import { FIRST_PAYMENT_TIMEOUT_DAYS } from '@carta/contract/subscription-rules';
import { and, asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, charges, creditNotes, invoices, refunds, subscriptions } from '../src/db/schema.ts';
import { runDueJobs } from '../src/features/billing/billing-service.ts';
import { splitGross } from '../src/features/billing/invoice-store.ts';
import type { SandboxProvider } from '../src/features/billing/sandbox-provider.ts';
import { firstOrThrow } from '../src/lib/db-errors.ts';
import { saveSandboxCard, seedOwnerWithClub } from './fixtures.ts';
import { present, seedOwner, useTestApp } from './helpers.ts';
import { italianPlan } from './seed-subscription.ts';

// Refunds and credit notes through the sandbox provider (docs/decisions/0063-refunds-and-credit-notes.md):
// an admin's whole and partial refunds, what is refused, refunds at once, the credit notes' numbers and
// amounts, the owner's email, and a payment that arrived after the subscription gave it up.

const API = '/api/v1';
const DAY_MS = 24 * 60 * 60 * 1000;
/** 23,18 € / €23.18 as Intl writes it (a no-break space in Italian). */
const euros = (cents: number, language: 'it' | 'en') => formatCents(cents, { language, currency: 'EUR' });

describe('refunds and credit notes (sandbox)', () => {
  const context = useTestApp();
  const db = () => context.database.db;

  const planOf = (months: 1 | 12) => italianPlan(db(), months);

  /** A club of a new owner, with a saved card; `language` is the owner's. */
  const setUp = async ({ cardNumber = '4242424242424242', language = 'it' as 'it' | 'en' } = {}) => {
    const { owner, club, call } = await seedOwnerWithClub(context, {
      club: { name: `Osteria ${randomInt(1e6)}` },
      acceptLanguage: 'en',
      accountLanguage: language,
    });
    const { confirmed, saved } = await saveSandboxCard(context.app, call, { cardNumber });
    expect(confirmed.statusCode).toBe(204);
    expect(saved.statusCode).toBe(201);
    return { owner, club, call };
  };

  /** A club that paid the monthly plan (23,18 €): its charge and invoice. */
  const paidClub = async (options: { language?: 'it' | 'en' } = {}) => {
    const context = await setUp(options);
    const paid = await context.call('POST', '/subscription', { paymentPlanId: (await planOf(1)).id });
    expect(paid.json().state).toMatchObject({ kind: 'paid', isSmart: true });
    const charge = firstOrThrow(
      await db().select().from(charges).where(eq(charges.clubId, context.club.id)),
      'charge',
    );
    const invoice = firstOrThrow(
      await db().select().from(invoices).where(eq(invoices.chargeId, charge.id)),
      'invoice',
    );
    return { ...context, charge, invoice };
  };

  const admin = async () => {
    const account = await seedOwner(context.database, { isAdmin: true });
    const call = (method: 'GET' | 'POST', url: string, payload?: unknown, language = 'en') =>
      context.app.inject({
        method,
        url: `${API}/admin${url}`,
        headers: { authorization: account.authorization, 'accept-language': language },
        ...(payload ? { payload } : {}),
      });
    return { account, call };
  };

  const refund = (
    adminCall: Awaited<ReturnType<typeof admin>>['call'],
    clubId: number,
    chargeId: number,
    amountCents: number,
    note: string | null = null,
  ) => adminCall('POST', `/clubs/${clubId}/charges/${chargeId}/refunds`, { amountCents, note });

  const mailsTo = (email: string) => context.mailer.sent.filter((mail) => mail.to === email);

  it('refunds a whole payment: credit note for the invoice, owner emailed, audited, plan unchanged', async () => {
    const { owner, club, call, charge, invoice } = await paidClub();
    const { account, call: adminCall } = await admin();
    const mailsBefore = mailsTo(owner.account.email).length;

    const answer = await refund(adminCall, club.id, charge.id, 2318, 'Chiuso per lavori');
    expect(answer.statusCode).toBe(201);
    const made = answer.json();
    expect(made).toMatchObject({
      amountCents: 2318,
      currency: 'EUR',
      reason: 'admin',
      status: 'succeeded',
      note: 'Chiuso per lavori',
      failureReason: null,
      requestedBy: 'Giulia Rossi',
    });
    const number = present(made.creditNote, 'a credit note').number as string;
    expect(number).toMatch(/^\d{4}-NC-\d{6}$/);

    const payments = (await adminCall('GET', `/clubs/${club.id}/payments`)).json();
    expect(payments.club).toEqual({ id: club.id, name: club.name });
    const invoiceNumber = `${invoice.year}-${String(invoice.sequence).padStart(6, '0')}`;
    expect(payments.charges).toEqual([
      expect.objectContaining({
        id: charge.id,
        status: 'succeeded',
        amountCents: 2318,
        invoice: { id: invoice.id, number: invoiceNumber },
        refundedCents: 2318,
        refundableCents: 0,
        refunds: [expect.objectContaining({ id: made.id, creditNote: made.creditNote })],
      }),
    ]);

    const notes = (await call('GET', '/credit-notes')).json();
    expect(notes).toEqual([
      expect.objectContaining({
        number,
        invoiceId: invoice.id,
        invoiceNumber,
        currency: 'EUR',
        netCents: 1900,
        vatCents: 418,
        grossCents: 2318,
        vatBasisPoints: 2200,
        reverseCharge: false,
      }),
    ]);
    const pdf = await call('GET', `/credit-notes/${notes[0].id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(pdf.headers['content-disposition']).toContain(`carta-${number}.pdf`);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // The owner's language (Italian), the amount in euros, the credit note, the billing page.
    const mails = mailsTo(owner.account.email).slice(mailsBefore);
    expect(mails).toHaveLength(1);
    const mail = present(mails[0], 'the refund email');
    expect(mail.subject).toBe(`${club.name}: ti abbiamo rimborsato ${euros(2318, 'it')}`);
    expect(mail.text).toContain(`nota di credito ${number}`);
    expect(mail.text).toContain(`fattura ${invoiceNumber}`);
    expect(mail.link).toBe(`${context.app.config.publicUrl}/clubs/${club.id}/profile/billing`);

    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorAccountId, account.account.id), eq(auditLog.action, 'club.refund')));
    expect(present(audit, 'the audit line').details).toMatchObject({
      club: club.name,
      amount: euros(2318, 'it'),
      paid: euros(2318, 'it'),
      invoice: invoiceNumber,
      note: 'Chiuso per lavori',
    });

    // Refunding does not change the subscription.
    expect((await call('GET', '/payments/plans/current')).json()).toMatchObject({
      kind: 'paid',
      isSmart: true,
    });
  });

  it('refunds in parts up to what was paid, each with its credit note, and refuses more', async () => {
    const { club, call, charge } = await paidClub();
    const { call: adminCall } = await admin();
    const first = (await refund(adminCall, club.id, charge.id, 1000)).json();
    expect(first.status).toBe('succeeded');
    const second = (await refund(adminCall, club.id, charge.id, 1318)).json();
    expect(second.status).toBe('succeeded');
    const more = await refund(adminCall, club.id, charge.id, 1);
    expect(more.statusCode).toBe(409);
    expect(more.json()).toMatchObject({
      code: 'REFUND_TOO_LARGE',
      message: 'The amount is more than what is left to refund of this payment',
    });

    const notes = (await call('GET', '/credit-notes')).json() as {
      grossCents: number;
      netCents: number;
      vatCents: number;
    }[];
    expect(notes.map((note) => note.grossCents).sort()).toEqual([1000, 1318]);
    for (const note of notes) {
      // Net and VAT at the invoice's 22 %, adding up to exactly what went back.
      expect(note.netCents + note.vatCents).toBe(note.grossCents);
      expect({ netCents: note.netCents, vatCents: note.vatCents }).toEqual(splitGross(note.grossCents, 2200));
    }
    expect(notes.find((note) => note.grossCents === 1000)).toMatchObject({ netCents: 820, vatCents: 180 });
    const payments = (await adminCall('GET', `/clubs/${club.id}/payments`)).json();
    expect(payments.charges[0]).toMatchObject({ refundedCents: 2318, refundableCents: 0 });
  });

  it('refuses an over-refund, a zero amount and an unpaid charge, storing nothing', async () => {
    const { owner, club, charge } = await paidClub();
    const { account, call: adminCall } = await admin();
    const mailsBefore = mailsTo(owner.account.email).length;

    const over = await refund(adminCall, club.id, charge.id, 2319, null);
    expect(over.statusCode).toBe(409);
    expect(over.json().code).toBe('REFUND_TOO_LARGE');
    const italian = await adminCall(
      'POST',
      `/clubs/${club.id}/charges/${charge.id}/refunds`,
      { amountCents: 5000 },
      'it',
    );
    expect(italian.json().message).toBe('L’importo supera quanto resta da rimborsare di questo pagamento');
    const zero = await refund(adminCall, club.id, charge.id, 0);
    expect(zero.statusCode).toBe(400);
    expect(zero.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      issues: [{ path: 'body.amountCents', message: 'Enter an amount above zero, with at most 2 decimals' }],
    });
    const fraction = await refund(adminCall, club.id, charge.id, 10.5);
    expect(fraction.statusCode).toBe(400);

    const [unpaid] = await db()
      .insert(charges)
      .values({
        clubId: club.id,
        paymentPlanId: charge.paymentPlanId,
        amountCents: 2318,
        currency: 'EUR',
        periodStart: charge.periodEnd,
        periodEnd: new Date(charge.periodEnd.getTime() + 30 * 86_400_000),
        reason: 'renewal',
        status: 'failed',
      })
      .returning();
    const notPaid = await refund(adminCall, club.id, present(unpaid, 'a failed charge').id, 100);
    expect(notPaid.statusCode).toBe(409);
    expect(notPaid.json().code).toBe('CHARGE_NOT_REFUNDABLE');

    expect(await db().select().from(refunds).where(eq(refunds.clubId, club.id))).toEqual([]);
    expect(await db().select().from(creditNotes).where(eq(creditNotes.clubId, club.id))).toEqual([]);
    const audited = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorAccountId, account.account.id), eq(auditLog.action, 'club.refund')));
    expect(audited).toEqual([]);
    expect(mailsTo(owner.account.email).length).toBe(mailsBefore);
  });

  it('lets one of two refunds asked at once through', async () => {
    const { club, charge } = await paidClub();
    const { call: adminCall } = await admin();
    const answers = await Promise.all([
      refund(adminCall, club.id, charge.id, 2318),
      refund(adminCall, club.id, charge.id, 2318),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const refused = present(
      answers.find((answer) => answer.statusCode === 409),
      'the refused one',
    );
    expect(['REFUND_IN_PROGRESS', 'REFUND_TOO_LARGE']).toContain(refused.json().code);
    const rows = await db().select().from(refunds).where(eq(refunds.chargeId, charge.id));
    expect(rows.map((row) => row.status)).toEqual(['succeeded']);
    expect(await db().select().from(creditNotes).where(eq(creditNotes.clubId, club.id))).toHaveLength(1);
  });

  it('numbers credit notes issued at once without gaps, in a series apart from invoices', async () => {
    const clubs = await Promise.all([paidClub(), paidClub(), paidClub()]);
    const { call: adminCall } = await admin();
    const answers = await Promise.all(
      clubs.map(({ club, charge }) => refund(adminCall, club.id, charge.id, 500)),
    );
    const numbers = answers.map((answer) => answer.json().creditNote.number as string);
    expect(new Set(numbers).size).toBe(3);
    const year = new Date().getUTCFullYear();
    const series = await db()
      .select({ sequence: creditNotes.sequence })
      .from(creditNotes)
      .where(eq(creditNotes.year, year))
      .orderBy(asc(creditNotes.sequence));
    expect(series.map((row) => row.sequence)).toEqual(series.map((_, index) => index + 1));
  });

  it('keeps the invoice’s reverse charge and parties on its credit note', async () => {
    const { club, call, charge, invoice } = await paidClub();
    // An EU buyer's invoice: no VAT, the buyer accounts for it.
    const buyer = { ...invoice.buyer, name: 'Gasthaus GmbH', vatNumber: 'DE811907980', country: 'DE' };
    await db()
      .update(invoices)
      .set({ reverseCharge: true, vatBasisPoints: 0, vatCents: 0, netCents: 2318, buyer })
      .where(eq(invoices.id, invoice.id));
    const { call: adminCall } = await admin();
    expect((await refund(adminCall, club.id, charge.id, 1200)).json().status).toBe('succeeded');
    const [note] = (await call('GET', '/credit-notes')).json();
    expect(note).toMatchObject({
      grossCents: 1200,
      netCents: 1200,
      vatCents: 0,
      vatBasisPoints: 0,
      reverseCharge: true,
    });
    const [row] = await db().select().from(creditNotes).where(eq(creditNotes.clubId, club.id));
    expect(present(row, 'the credit note row')).toMatchObject({ buyer, seller: invoice.seller });
    expect((await call('GET', `/credit-notes/${note.id}/pdf`)).statusCode).toBe(200);
  });

  it('records a refund the provider refuses with its reason, and changes nothing else', async () => {
    const { owner, club, charge } = await paidClub();
    // Part of it was given back outside Carta: the sandbox has less left than Carta knows.
    const provider = context.app.billing.provider as SandboxProvider;
    const outside = await provider.refund({
      paymentId: present(charge.providerPaymentId, 'the payment'),
      amountCents: 2000,
      currency: 'EUR',
      idempotencyKey: `outside-${charge.id}`,
      reason: 'admin',
      metadata: { refundId: '0', chargeId: String(charge.id) },
    });
    expect(outside.status).toBe('succeeded');
    const { call: adminCall } = await admin();
    const mailsBefore = mailsTo(owner.account.email).length;
    const answer = await refund(adminCall, club.id, charge.id, 2318);
    expect(answer.statusCode).toBe(201);
    expect(answer.json()).toMatchObject({ status: 'failed', creditNote: null });
    expect(answer.json().failureReason).toContain('more than what is left');
    const payments = (await adminCall('GET', `/clubs/${club.id}/payments`)).json();
    expect(payments.charges[0]).toMatchObject({ refundedCents: 0, refundableCents: 2318 });
    expect(payments.charges[0].refunds[0]).toMatchObject({ status: 'failed' });
    expect(await db().select().from(creditNotes).where(eq(creditNotes.clubId, club.id))).toEqual([]);
    expect(mailsTo(owner.account.email).length).toBe(mailsBefore);
    // What is left at the provider can still be refunded.
    expect((await refund(adminCall, club.id, charge.id, 318)).json().status).toBe('succeeded');
  });

  /** A first payment the bank asks to authenticate: the club waits for it. */
  const pendingFirstPayment = async (language: 'it' | 'en') => {
    const context = await setUp({ cardNumber: '4000002760003184', language });
    const result = (
      await context.call('POST', '/subscription', { paymentPlanId: (await planOf(1)).id })
    ).json();
    const action = present(result.action, 'an action');
    const approve = () =>
      contextApp().inject({
        method: 'POST',
        url: `${API}/payments/sandbox/payments/${action.paymentId}/confirm`,
        payload: { clientSecret: action.clientSecret, approve: true },
      });
    return { ...context, approve };
  };
  const contextApp = () => context.app;

  it('refunds on its own a payment that arrives after its charge was dropped, and tells the owner', async () => {
    const { owner, club, call, approve } = await pendingFirstPayment('en');
    const { call: adminCall } = await admin();
    // Nobody authenticates it for more than a week: the rules give the first payment up.
    await runDueJobs(context.app.billing, new Date(Date.now() + (FIRST_PAYMENT_TIMEOUT_DAYS + 1) * DAY_MS));
    expect((await call('GET', '/payments/plans/current')).json()).toMatchObject({ kind: 'free' });
    const [dropped] = await db().select().from(charges).where(eq(charges.clubId, club.id));
    expect(present(dropped, 'the charge').status).toBe('dropped');

    expect((await approve()).statusCode).toBe(204);
    const rows = await db().select().from(refunds).where(eq(refunds.clubId, club.id));
    expect(rows).toEqual([
      expect.objectContaining({
        reason: 'lateSuccess',
        amountCents: 2318,
        status: 'succeeded',
        invoiceId: null,
      }),
    ]);
    expect((await call('GET', '/credit-notes')).json()).toEqual([]);
    const mail = present(mailsTo(owner.account.email).at(-1), 'the refund email');
    expect(mail.subject).toBe(`${club.name}: we refunded a payment of ${euros(2318, 'en')}`);
    expect(mail.text).toContain('arrived after your subscription had stopped waiting for it');
    const payments = (await adminCall('GET', `/clubs/${club.id}/payments`)).json();
    expect(payments.charges[0]).toMatchObject({ status: 'dropped', refundedCents: 2318, refundableCents: 0 });
  });

  it('refunds on its own a payment the rules refuse after giving it up', async () => {
    const { owner, club, approve } = await pendingFirstPayment('it');
    // The subscription stopped waiting without dropping the charge (as a state written by another process).
    await db()
      .update(subscriptions)
      .set({ state: sql`'{"status":"freemium","lapsed":"expired","paymentErrorCode":null}'::jsonb` })
      .where(eq(subscriptions.clubId, club.id));
    expect((await approve()).statusCode).toBe(204);
    const rows = await db().select().from(refunds).where(eq(refunds.clubId, club.id));
    expect(rows).toEqual([
      expect.objectContaining({ reason: 'lateSuccess', amountCents: 2318, status: 'succeeded' }),
    ]);
    expect(await db().select().from(invoices).where(eq(invoices.clubId, club.id))).toEqual([]);
    const mail = present(mailsTo(owner.account.email).at(-1), 'the refund email');
    expect(mail.subject).toBe(`${club.name}: ti abbiamo rimborsato un pagamento di ${euros(2318, 'it')}`);
  });

  it("answers 404 for another owner's club and credit notes, 403 to owners on admin routes", async () => {
    const mine = await paidClub();
    const theirs = await paidClub();
    const { call: adminCall } = await admin();
    const made = (await refund(adminCall, theirs.club.id, theirs.charge.id, 100)).json();
    const theirNote = present(made.creditNote, 'their credit note').id as number;

    const asMine = (url: string) =>
      context.app.inject({
        method: 'GET',
        url: `${API}${url}`,
        headers: { authorization: mine.owner.authorization },
      });
    expect((await asMine(`/clubs/${theirs.club.id}/credit-notes`)).statusCode).toBe(404);
    expect((await asMine(`/clubs/${theirs.club.id}/credit-notes/${theirNote}/pdf`)).statusCode).toBe(404);
    expect((await asMine(`/clubs/${mine.club.id}/credit-notes/${theirNote}/pdf`)).statusCode).toBe(404);
    expect((await asMine(`/clubs/${mine.club.id}/credit-notes`)).json()).toEqual([]);

    // A charge of another club, named under this one: 404, nothing refunded.
    expect((await refund(adminCall, mine.club.id, theirs.charge.id, 100)).statusCode).toBe(404);
    expect((await adminCall('GET', '/clubs/2147483000/payments')).statusCode).toBe(404);

    const asOwner = (method: 'GET' | 'POST', url: string, authorization?: string) =>
      context.app.inject({
        method,
        url: `${API}/admin${url}`,
        headers: authorization ? { authorization } : {},
        ...(method === 'POST' ? { payload: { amountCents: 100 } } : {}),
      });
    const refundUrl = `/clubs/${mine.club.id}/charges/${mine.charge.id}/refunds`;
    expect(
      (await asOwner('GET', `/clubs/${mine.club.id}/payments`, mine.owner.authorization)).statusCode,
    ).toBe(403);
    expect((await asOwner('POST', refundUrl, mine.owner.authorization)).statusCode).toBe(403);
    expect((await asOwner('GET', `/clubs/${mine.club.id}/payments`)).statusCode).toBe(401);
    expect(await db().select().from(refunds).where(eq(refunds.clubId, mine.club.id))).toEqual([]);
  });
});
