// Over 300 lines and kept one file: the subscription cases share one set-up (a Free club with `addCard` and
// `current`) and the job runner's driven clock, following one subscription from first card to admin grants.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { brands, charges } from '../src/db/schema.ts';
import { runDueJobs } from '../src/features/billing/billing-service.ts';
import { splitGross } from '../src/features/billing/invoice-store.ts';
import { firstOrThrow } from '../src/lib/db-errors.ts';
import { saveSandboxCard, seedOwnerWithClub } from './fixtures.ts';
import { present, seedOwner, useTestApp } from './helpers.ts';
import { italianPlan } from './seed-subscription.ts';

// Issue 15: subscriptions through the sandbox provider, end to end through the real app: cards, the first
// payment, authentication, renewals run by the job runner with a driven clock, failures and the
// countdown, cancel and reactivate, plan changes, invoices, admin grants.

const DAY_MS = 24 * 60 * 60 * 1000;
const API = '/api/v1';

describe('subscriptions and payments (sandbox)', () => {
  const context = useTestApp();
  const db = () => context.database.db;

  const planOf = (months: 1 | 12) => italianPlan(db(), months);

  /** A Free club of a new owner, with helpers bound to it. */
  const setUp = async () => {
    const { owner, club, call } = await seedOwnerWithClub(context, { acceptLanguage: 'en' });
    const addCard = async (cardNumber: string) => {
      const { setup, confirmed, saved } = await saveSandboxCard(context.app, call, { cardNumber });
      expect(setup.provider).toBe('sandbox');
      expect(confirmed.statusCode).toBe(204);
      expect(saved.statusCode).toBe(201);
      return saved.json();
    };
    const current = async () => (await call('GET', '/payments/plans/current')).json();
    return { owner, club, call, addCard, current };
  };

  const chargesOf = (clubId: number) => db().select().from(charges).where(eq(charges.clubId, clubId));
  const mailsTo = (email: string) => context.mailer.sent.filter((mail) => mail.to === email);

  it('subscribes a Free club with 4242: Smart at once, one invoice with net, VAT and gross', async () => {
    const { call, addCard, current } = await setUp();
    const monthly = await planOf(1);
    const card = await addCard('4242 4242 4242 4242');
    expect(card).toMatchObject({ brand: 'visa', last4: '4242', isPrimary: true });

    const before = await current();
    expect(before).toMatchObject({ kind: 'free', isSmart: false });
    const result = await call('POST', '/subscription', { paymentPlanId: monthly.id });
    expect(result.statusCode).toBe(200);
    expect(result.json().action).toBeNull();
    expect(result.json().state).toMatchObject({
      kind: 'paid',
      isSmart: true,
      paymentPending: false,
      nextInvoiceCents: 2318,
      renewalCancelled: false,
    });

    const invoices = (await call('GET', '/invoices')).json();
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({
      netCents: 1900,
      vatCents: 418,
      grossCents: 2318,
      vatBasisPoints: 2200,
    });
    expect(invoices[0].number).toMatch(/^\d{4}-\d{6}$/);
    const pdf = await call('GET', `/invoices/${invoices[0].id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('asks for a card first, and says why a first payment failed', async () => {
    const { call, addCard, current } = await setUp();
    const monthly = await planOf(1);
    const noCard = await call('POST', '/subscription', { paymentPlanId: monthly.id });
    expect(noCard.statusCode).toBe(409);
    expect(noCard.json().code).toBe('PAYMENT_METHOD_REQUIRED');

    await addCard('4000000000000002');
    const declined = await call('POST', '/subscription', { paymentPlanId: monthly.id });
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toMatchObject({
      code: 'CARD_DECLINED',
      message: 'The card was declined: use another card',
    });
    expect(await current()).toMatchObject({ kind: 'free', paymentErrorCode: 'declined' });
    expect((await call('GET', '/invoices')).json()).toEqual([]);

    const second = await setUp();
    await second.addCard('4000000000009995');
    const poor = await second.call('POST', '/subscription', { paymentPlanId: monthly.id });
    expect(poor.statusCode).toBe(402);
    expect(poor.json().code).toBe('CARD_INSUFFICIENT_FUNDS');
    expect(await second.current()).toMatchObject({ kind: 'free', paymentErrorCode: 'insufficientFunds' });
  });

  it('waits for the owner to confirm a payment that needs authentication', async () => {
    const { call, addCard, current } = await setUp();
    const annual = await planOf(12);
    await addCard('4000002760003184');
    const result = (await call('POST', '/subscription', { paymentPlanId: annual.id })).json();
    expect(result.state).toMatchObject({
      kind: 'free',
      paymentPending: true,
      paymentErrorCode: 'authenticationRequired',
    });
    const action = present(result.action, 'an action');
    // Asked again, the same confirmation comes back instead of a second charge.
    const again = (await call('POST', '/subscription', { paymentPlanId: annual.id })).json();
    expect(again.action).toEqual(action);

    const wrongSecret = await context.app.inject({
      method: 'POST',
      url: `${API}/payments/sandbox/payments/${action.paymentId}/confirm`,
      payload: { clientSecret: 'not-the-secret', approve: true },
    });
    expect(wrongSecret.statusCode).toBe(404);
    const approved = await context.app.inject({
      method: 'POST',
      url: `${API}/payments/sandbox/payments/${action.paymentId}/confirm`,
      payload: { clientSecret: action.clientSecret, approve: true },
    });
    expect(approved.statusCode).toBe(204);
    expect(await current()).toMatchObject({
      kind: 'paid',
      isSmart: true,
      paymentPending: false,
      nextInvoiceCents: 13908,
    });
    expect((await call('GET', '/invoices')).json()).toHaveLength(1);
  });

  it('renews at the period end through the job runner, with a reminder a week before', async () => {
    const { owner, club, call, addCard, current } = await setUp();
    const monthly = await planOf(1);
    await addCard('4242424242424242');
    await call('POST', '/subscription', { paymentPlanId: monthly.id });
    const firstEnd = (await current()).renewalDate as string;

    const endMs = Date.parse(`${firstEnd}T00:00:00Z`);
    await runDueJobs(context.app.billing, new Date(endMs - 6 * DAY_MS));
    expect(mailsTo(owner.account.email).map((mail) => mail.subject)).toContainEqual(
      expect.stringContaining('si rinnova il'),
    );
    // The job runs at (about) the renewal instant; a second run at the same time does nothing more.
    const renewalAt = new Date(endMs + DAY_MS);
    await runDueJobs(context.app.billing, renewalAt);
    await runDueJobs(context.app.billing, renewalAt);
    const rows = await chargesOf(club.id);
    expect(rows.map((row) => row.status)).toEqual(['succeeded', 'succeeded']);
    expect((await call('GET', '/invoices')).json()).toHaveLength(2);
    const state = (await current()) as { renewalDate: string };
    expect(Date.parse(state.renewalDate)).toBeGreaterThan(endMs + 20 * DAY_MS);
  });

  it('runs one renewal when two runners claim the job at once', async () => {
    const { club, call, addCard, current } = await setUp();
    await addCard('4242424242424242');
    await call('POST', '/subscription', { paymentPlanId: (await planOf(1)).id });
    const end = Date.parse(`${(await current()).renewalDate}T00:00:00Z`);
    const at = new Date(end + DAY_MS);
    await Promise.all([runDueJobs(context.app.billing, at), runDueJobs(context.app.billing, at)]);
    expect(await chargesOf(club.id)).toHaveLength(2);
  });

  it('counts down after a renewal fails, and a new card pays it', async () => {
    const { owner, club, call, addCard } = await setUp();
    await addCard('4000000000000341');
    await call('POST', '/subscription', { paymentPlanId: (await planOf(1)).id });

    // The sandbox's test clock: a month and a day later, the renewal is charged and declined.
    const failed = (await call('POST', '/payments/sandbox/advance', { days: 31 })).json();
    expect(failed).toMatchObject({
      kind: 'paid',
      isSmart: true,
      paymentErrorCode: 'declined',
      daysBeforeDeactivation: 7,
    });
    expect(
      mailsTo(owner.account.email).some((mail) =>
        mail.subject.includes('il pagamento del piano Smart non è andato a buon fine'),
      ),
    ).toBe(true);
    // The only card of a subscription that still charges it cannot be removed.
    const [card] = (await call('GET', '/payment-methods')).json();
    const removal = await call('DELETE', `/payment-methods/${card.id}`);
    expect(removal.statusCode).toBe(409);
    expect(removal.json().code).toBe('PAYMENT_METHOD_IN_USE');

    const replacement = await addCard('4242424242424242');
    expect(replacement.isPrimary).toBe(true);
    const current = (await call('GET', '/payments/plans/current')).json();
    expect(current).toMatchObject({ kind: 'paid', paymentErrorCode: null, daysBeforeDeactivation: null });
    expect((await chargesOf(club.id)).map((row) => row.status).sort()).toEqual([
      'failed',
      'succeeded',
      'succeeded',
    ]);
    expect((await call('GET', '/invoices')).json()).toHaveLength(2);
    expect((await call('DELETE', `/payment-methods/${card.id}`)).statusCode).toBe(204);
  });

  it('falls back to Free when the countdown ends, and says so by email', async () => {
    const { owner, call, addCard } = await setUp();
    await addCard('4000000000000341');
    await call('POST', '/subscription', { paymentPlanId: (await planOf(1)).id });
    await call('POST', '/payments/sandbox/advance', { days: 31 });
    const later = (await call('POST', '/payments/sandbox/advance', { days: 4 })).json();
    expect(later.daysBeforeDeactivation).toBe(3);
    const lapsed = (await call('POST', '/payments/sandbox/advance', { days: 3 })).json();
    expect(lapsed).toMatchObject({ kind: 'free', isSmart: false, daysBeforeDeactivation: null });
    expect(
      mailsTo(owner.account.email).some((mail) => mail.subject.includes('è tornato al piano Free')),
    ).toBe(true);
  });

  it('cancels the renewal (Smart until the end) and reactivates it at no cost', async () => {
    const { club, call, addCard } = await setUp();
    await addCard('4242424242424242');
    await call('POST', '/subscription', { paymentPlanId: (await planOf(1)).id });
    const cancelled = await call('DELETE', '/subscription');
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().state).toMatchObject({
      kind: 'paid',
      isSmart: true,
      renewalCancelled: true,
      renewalDate: null,
    });
    expect((await call('DELETE', '/subscription')).json().code).toBe('ALREADY_CANCELLED');

    const monthlyId = (await planOf(1)).id;
    const reactivated = await call('POST', '/subscription', { paymentPlanId: monthlyId });
    expect(reactivated.json().state).toMatchObject({ renewalCancelled: false, isSmart: true });
    expect(await chargesOf(club.id)).toHaveLength(1);
  });

  it('refuses to cancel less than a day before the renewal', async () => {
    const { call, addCard, current } = await setUp();
    await addCard('4242424242424242');
    await call('POST', '/subscription', { paymentPlanId: (await planOf(1)).id });
    const end = Date.parse(`${(await current()).renewalDate}T00:00:00Z`);
    const advanced = await call('POST', '/payments/sandbox/advance', {
      days: Math.floor((end - Date.now()) / DAY_MS),
    });
    expect(advanced.statusCode).toBe(200);
    const late = await call('DELETE', '/subscription');
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({
      code: 'CANCEL_TOO_LATE',
      message: 'The renewal can be cancelled until one day before the renewal date',
    });
  });

  it('shows the new date before changing plan, then carries the days left over', async () => {
    const { call, addCard } = await setUp();
    const [monthly, annual] = [await planOf(1), await planOf(12)];
    await addCard('4242424242424242');
    await call('POST', '/subscription', { paymentPlanId: monthly.id });
    const preview = await call('GET', `/subscription/preview?paymentPlanId=${annual.id}`);
    expect(preview.statusCode).toBe(200);
    const { daysLeft, daysGiven, newExpiration } = preview.json();
    // A monthly plan's days are worth twice as many annual days (the annual plan costs half as much a month).
    expect(daysGiven).toBe(daysLeft * 2);
    const changed = (await call('POST', '/subscription', { paymentPlanId: annual.id })).json();
    expect(changed.state).toMatchObject({ renewalDate: newExpiration, nextInvoiceCents: 13908 });
    expect((await call('GET', `/subscription/preview?paymentPlanId=${annual.id}`)).json().code).toBe(
      'SAME_PLAN',
    );
  });

  it('lets a test clock run the sandbox renewal that fails, showing the countdown', async () => {
    const { call, addCard } = await setUp();
    await addCard('4000000000000341');
    await call('POST', '/subscription', { paymentPlanId: (await planOf(1)).id });
    const advanced = await call('POST', '/payments/sandbox/advance', { days: 31 });
    expect(advanced.json()).toMatchObject({
      paymentErrorCode: 'declined',
      daysBeforeDeactivation: 7,
      isSmart: true,
    });
  });

  it("answers 404 for another club's cards and invoices", async () => {
    const mine = await setUp();
    const theirs = await setUp();
    const card = await theirs.addCard('4242424242424242');
    await theirs.call('POST', '/subscription', { paymentPlanId: (await planOf(1)).id });
    const [invoice] = (await theirs.call('GET', '/invoices')).json();
    expect((await mine.call('DELETE', `/payment-methods/${card.id}`)).statusCode).toBe(404);
    expect((await mine.call('PUT', `/payment-methods/${card.id}/primary`)).statusCode).toBe(404);
    expect((await mine.call('GET', `/invoices/${invoice.id}/pdf`)).statusCode).toBe(404);
    // A setup of another club's customer saves nothing here.
    const setup = (await theirs.call('GET', '/payments/setup')).json();
    await context.app.inject({
      method: 'POST',
      url: `${API}/payments/sandbox/setups/${setup.setupId}/confirm`,
      payload: {
        clientSecret: setup.clientSecret,
        cardNumber: '4242424242424242',
        expMonth: 1,
        expYear: 2035,
        cvc: '999',
      },
    });
    const stolen = await mine.call('POST', '/payment-methods', { setupId: setup.setupId });
    expect(stolen.statusCode).toBe(409);
    expect(stolen.json().code).toBe('PAYMENT_SETUP_INVALID');
  });

  it('refuses a bad test card with a field message', async () => {
    const { call } = await setUp();
    const setup = (await call('GET', '/payments/setup')).json();
    const bad = await context.app.inject({
      method: 'POST',
      url: `${API}/payments/sandbox/setups/${setup.setupId}/confirm`,
      headers: { 'accept-language': 'it' },
      payload: {
        clientSecret: setup.clientSecret,
        cardNumber: '4242424242424241',
        expMonth: 12,
        expYear: 2034,
        cvc: '12',
      },
    });
    expect(bad.statusCode).toBe(400);
    const messages = bad.json().issues.map((issue: { message: string }) => issue.message);
    expect(messages).toContain('Numero di carta non valido');
    expect(messages).toContain('Inserisci le 3 o 4 cifre sul retro della carta');
  });

  it('lets an admin offer Smart from a brand, and make a paying club an early adopter', async () => {
    const admin = await seedOwner(context.database, { isAdmin: true });
    const brand = firstOrThrow(
      await db()
        .insert(brands)
        .values({ name: `Birra ${Date.now()}` })
        .returning(),
      'brand',
    );
    const sponsored = await setUp();
    const grant = await context.app.inject({
      method: 'POST',
      url: `${API}/admin/clubs/${sponsored.club.id}/sponsorship`,
      headers: { authorization: admin.authorization },
      payload: { brandId: brand.id, months: 6 },
    });
    expect(grant.statusCode).toBe(200);
    expect(await sponsored.current()).toMatchObject({
      kind: 'partner',
      isSmart: true,
      partnerBrand: { id: brand.id },
      nextInvoiceCents: null,
    });
    // The audit line keeps the brand's name, so the log reads who pays without a lookup.
    const audit = await context.app.inject({
      method: 'GET',
      url: `${API}/admin/audit?pageSize=50`,
      headers: { authorization: admin.authorization },
    });
    expect(
      audit
        .json()
        .entries.filter(
          (entry: { action: string; targetId: number }) =>
            entry.action === 'club.sponsorship' && entry.targetId === sponsored.club.id,
        ),
    ).toEqual([expect.objectContaining({ details: { brandId: brand.id, months: 6, brand: brand.name } })]);

    const paying = await setUp();
    await paying.addCard('4242424242424242');
    await paying.call('POST', '/subscription', { paymentPlanId: (await planOf(1)).id });
    const refused = await context.app.inject({
      method: 'POST',
      url: `${API}/admin/clubs/${paying.club.id}/sponsorship`,
      headers: { authorization: admin.authorization },
      payload: { brandId: brand.id, months: 12 },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('SUBSCRIPTION_ACTIVE');

    const adopted = await context.app.inject({
      method: 'PATCH',
      url: `${API}/admin/clubs/${paying.club.id}`,
      headers: { authorization: admin.authorization },
      payload: { freeForever: true },
    });
    expect(adopted.statusCode).toBe(200);
    expect(await paying.current()).toMatchObject({
      kind: 'earlyAdopter',
      nextInvoiceCents: null,
      renewalDate: null,
    });
    // No renewal is charged any more.
    await runDueJobs(context.app.billing, new Date(Date.now() + 40 * DAY_MS));
    expect(await chargesOf(paying.club.id)).toHaveLength(1);
  });
});

describe('invoice amounts', () => {
  it('splits a gross into net and VAT that add up to it exactly', () => {
    expect(splitGross(2318, 2200)).toEqual({ netCents: 1900, vatCents: 418 });
    expect(splitGross(13908, 2200)).toEqual({ netCents: 11400, vatCents: 2508 });
    expect(splitGross(1900, 0)).toEqual({ netCents: 1900, vatCents: 0 });
    for (let gross = 1; gross < 5000; gross += 7)
      for (const rate of [0, 1700, 2100, 2200, 2550, 2700]) {
        const { netCents, vatCents } = splitGross(gross, rate);
        expect(netCents + vatCents).toBe(gross);
        // The net is the one whose VAT, rounded half up, gives the gross back (or within a cent).
        expect(Math.abs(netCents + Math.floor((netCents * rate + 5000) / 10000) - gross)).toBeLessThanOrEqual(
          1,
        );
      }
  });
});

describe('the plan catalogue in the admin console', () => {
  const context = useTestApp();

  it('lists, adds and changes plans, audited, and refuses a second enabled plan', async () => {
    const admin = await seedOwner(context.database, { isAdmin: true });
    const owner = await seedOwner(context.database);
    const headers = { authorization: admin.authorization };
    const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
      context.app.inject({ method, url: `${API}/admin${url}`, headers, ...(payload ? { payload } : {}) });

    expect(
      (
        await context.app.inject({
          method: 'GET',
          url: `${API}/admin/payment-plans`,
          headers: { authorization: owner.authorization },
        })
      ).statusCode,
    ).toBe(403);
    const catalogue = (await call('GET', '/payment-plans')).json();
    const italy = catalogue.filter((plan: { isoCountryCode: string }) => plan.isoCountryCode === 'IT');
    expect(italy.map((plan: { months: number }) => plan.months)).toEqual([1, 12]);

    // Switzerland has no plan yet: a club billed there sees none, then the new one.
    const added = await call('POST', '/payment-plans', {
      isoCountryCode: 'ch',
      months: 1,
      priceCents: 2500,
      vatBasisPoints: 810,
      currency: 'chf',
    });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({
      isoCountryCode: 'CH',
      currency: 'CHF',
      enabled: true,
      subscribers: 0,
    });
    const twice = await call('POST', '/payment-plans', {
      isoCountryCode: 'CH',
      months: 1,
      priceCents: 2600,
      vatBasisPoints: 810,
    });
    expect(twice.statusCode).toBe(409);

    const changed = await call('PATCH', `/payment-plans/${added.json().id}`, {
      priceCents: 2400,
      enabled: false,
    });
    expect(changed.json()).toMatchObject({ priceCents: 2400, enabled: false });
    const invalid = await call('PATCH', `/payment-plans/${added.json().id}`, { vatBasisPoints: 12_000 });
    expect(invalid.statusCode).toBe(400);
    expect((await call('PATCH', '/payment-plans/999999', { enabled: true })).statusCode).toBe(404);

    const audit = (await call('GET', '/audit?page=1')).json();
    expect(audit.entries.map((entry: { action: string }) => entry.action)).toEqual(
      expect.arrayContaining(['plan.create', 'plan.update']),
    );
  });
});
