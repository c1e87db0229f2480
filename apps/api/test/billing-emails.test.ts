import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { brands, charges, clubs } from '../src/db/schema.ts';
import { runDueJobs } from '../src/features/billing/billing-service.ts';
import { firstOrThrow } from '../src/lib/db-errors.ts';
import { saveSandboxCard, seedOwnerWithClub } from './fixtures.ts';
import { seedOwner, useTestApp } from './helpers.ts';
import { italianPlan, paidUntil, seedSubscription } from './seed-subscription.ts';

// The emails about money and the rules' single owner (docs/decisions/0064-one-owner-of-subscription-
// rules.md), end to end through the sandbox provider: a receipt, a plan change, a cancellation and a
// reactivation, each in the owner's language with the amount in the club's currency; the card reminder;
// Smart settings turned on; admin grants through the same path.

const DAY_MS = 24 * 60 * 60 * 1000;
const API = '/api/v1';

describe('billing emails and admin grants', () => {
  const context = useTestApp();
  const db = () => context.database.db;

  const planOf = (months: 1 | 12) => italianPlan(db(), months);

  const setUp = async ({ language = 'it' as 'it' | 'en' } = {}) => {
    const { owner, club, call } = await seedOwnerWithClub(context, {
      club: { name: 'Osteria Demo' },
      acceptLanguage: language,
      accountLanguage: language,
    });
    const addCard = async (expiry = { expMonth: 12, expYear: 2034 }) => {
      expect((await saveSandboxCard(context.app, call, expiry)).saved.statusCode).toBe(201);
    };
    const mails = () => context.mailer.sent.filter((mail) => mail.to === owner.account.email);
    const current = async () => (await call('GET', '/payments/plans/current')).json();
    return { owner, club, call, addCard, mails, current };
  };

  it('sends a receipt, then confirms a plan change, a cancellation and a reactivation, in Italian', async () => {
    const { club, call, addCard, mails, current } = await setUp();
    const monthly = await planOf(1);
    const annual = await planOf(12);
    await addCard();
    expect((await call('POST', '/subscription', { paymentPlanId: monthly.id })).statusCode).toBe(200);
    const receipt = mails().at(-1);
    expect(receipt?.subject).toBe('Osteria Demo: pagamento ricevuto, grazie');
    expect(receipt?.text).toMatch(
      /abbiamo ricevuto 23,18\u00a0€ per il piano Smart mensile di "Osteria Demo", dal \d+ \w+ \d{4} al \d+ \w+ \d{4}\./,
    );
    expect(receipt?.text).toContain('La fattura è pronta nella pagina Fatturazione');
    expect(receipt?.link).toMatch(new RegExp(`/clubs/${club.id}/profile/billing$`));

    // Paying turns on the Smart settings the owner never switched off.
    const [settings] = await db()
      .select({ pdf: clubs.pdfMenuEnabled, banners: clubs.bannerUpdateEnabled })
      .from(clubs)
      .where(eq(clubs.id, club.id));
    expect(settings).toEqual({ pdf: true, banners: true });

    expect((await call('POST', '/subscription', { paymentPlanId: annual.id })).statusCode).toBe(200);
    const changed = mails().at(-1);
    expect(changed?.subject).toBe('Osteria Demo: il tuo piano ora è annuale');
    expect(changed?.text).toContain('il prossimo addebito sarà di 139,08\u00a0€');

    const state = await current();
    expect(state.cancelUntil).not.toBeNull();
    expect((await call('DELETE', '/subscription')).statusCode).toBe(200);
    const cancelled = mails().at(-1);
    expect(cancelled?.subject).toMatch(/^Osteria Demo: rinnovo annullato, Smart fino al \d+ \w+ \d{4}$/);
    expect(cancelled?.text).toContain('puoi riattivare il rinnovo senza costi');
    expect(await current()).toMatchObject({
      status: 'renewalCancelled',
      canReactivate: true,
      cancelUntil: null,
    });

    expect((await call('POST', '/subscription', { paymentPlanId: annual.id })).statusCode).toBe(200);
    expect(mails().at(-1)?.subject).toBe('Osteria Demo: il rinnovo è di nuovo attivo');
    expect(mails().map((mail) => mail.subject)).toHaveLength(4);
  });

  it('writes in English to an English-speaking owner', async () => {
    const { call, addCard, mails } = await setUp({ language: 'en' });
    await addCard();
    await call('POST', '/subscription', { paymentPlanId: (await planOf(1)).id });
    expect(mails().at(-1)?.subject).toBe('Osteria Demo: payment received, thank you');
    expect(mails().at(-1)?.text).toContain('we received €23.18 for the monthly Smart plan');
  });

  it('leaves off a Smart setting the owner switched off before subscribing', async () => {
    const { club, call, addCard } = await setUp();
    expect((await call('PATCH', '/settings', { pdfMenuEnabled: false })).statusCode).toBe(200);
    await addCard();
    await call('POST', '/subscription', { paymentPlanId: (await planOf(1)).id });
    const [settings] = await db()
      .select({ pdf: clubs.pdfMenuEnabled, banners: clubs.bannerUpdateEnabled })
      .from(clubs)
      .where(eq(clubs.id, club.id));
    expect(settings).toEqual({ pdf: false, banners: true });
  });

  it('tells the owner once when the card expires before the next renewal', async () => {
    const { call, addCard, mails, current } = await setUp();
    // The card runs out at the end of next month: the monthly renewal in a month falls after it.
    const now = new Date();
    const inAMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
    await addCard({ expMonth: inAMonth.getUTCMonth() || 12, expYear: inAMonth.getUTCFullYear() });
    await call('POST', '/subscription', { paymentPlanId: (await planOf(12)).id });
    const renewal = Date.parse(`${(await current()).renewalDate}T00:00:00Z`);
    const before = mails().length;
    // A year away the card is not yet a worry.
    await runDueJobs(context.app.billing, new Date(renewal - 60 * DAY_MS));
    expect(mails()).toHaveLength(before);
    await runDueJobs(context.app.billing, new Date(renewal - 20 * DAY_MS));
    await runDueJobs(context.app.billing, new Date(renewal - 19 * DAY_MS));
    const reminders = mails().filter((mail) => mail.subject.includes('la tua carta sta per scadere'));
    expect(reminders).toHaveLength(1);
    expect(reminders[0]?.text).toMatch(/visa •••• 4242, scade \d{2}\/\d{4}/);
  });

  it('an early adoption granted after a renewal fell due charges nothing; a sponsorship emails', async () => {
    const admin = await seedOwner(context.database, { isAdmin: true });
    const { club, addCard } = await setUp();
    await addCard();
    const monthly = await planOf(1);
    // A paid month ended an hour ago: its renewal fell due and the job has not run yet.
    await seedSubscription(
      db(),
      club.id,
      paidUntil(new Date(Date.now() - 3600_000), { id: monthly.id, months: 1, amountCents: 2318 }),
    );
    const chargesOf = () => db().select().from(charges).where(eq(charges.clubId, club.id));
    const granted = await context.app.inject({
      method: 'PATCH',
      url: `${API}/admin/clubs/${club.id}`,
      headers: { authorization: admin.authorization },
      payload: { freeForever: true },
    });
    expect(granted.statusCode).toBe(200);
    expect(granted.json()).toMatchObject({ freeForever: true, subscription: { status: 'earlyAdopter' } });
    expect(await chargesOf()).toEqual([]);
    await runDueJobs(context.app.billing, new Date(Date.now() + 40 * DAY_MS));
    expect(await chargesOf()).toEqual([]);

    // Revoked through the rules too: Free, and the admin's list says so.
    const revoked = await context.app.inject({
      method: 'PATCH',
      url: `${API}/admin/clubs/${club.id}`,
      headers: { authorization: admin.authorization },
      payload: { freeForever: false },
    });
    expect(revoked.json()).toMatchObject({
      freeForever: false,
      subscription: { status: 'freemium', isSmart: false },
    });

    // A brand's offer goes through the same path: the club is a partner, Smart.
    const brand = firstOrThrow(
      await db()
        .insert(brands)
        .values({ name: `Birra ${club.id}` })
        .returning(),
      'brand',
    );
    const sponsored = await context.app.inject({
      method: 'POST',
      url: `${API}/admin/clubs/${club.id}/sponsorship`,
      headers: { authorization: admin.authorization },
      payload: { brandId: brand.id, months: 6 },
    });
    expect(sponsored.statusCode).toBe(200);
    expect(sponsored.json().subscription).toMatchObject({ status: 'partner', isSmart: true });
  });
});
