import { FREEMIUM, type SubscriptionState } from '@carta/contract/subscription-rules';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addTable, guestGet, italianMonthlyPlan, saveSandboxCard, seedOwnerWithClub } from './fixtures.ts';
import { present, useTestApp } from './helpers.ts';
import { seedSubscription } from './seed-subscription.ts';

// Issue 15, the guests' side (0048): a club whose plan lapsed is a Free club, open, serving its first two
// enabled menus in the owner's order; the others stay stored and come back with the plan.

const DAY_MS = 24 * 60 * 60 * 1000;
/** plugins/guest-cache.ts's channel: every process drops a club's kept pages when it hears the club's id. */
const GUEST_CHANNEL = 'carta_guest_changed';
const API = '/api/v1';

/** A paid period that ended yesterday and was not renewed (its renewal cancelled). */
const endedPeriod = (): SubscriptionState => ({
  status: 'freemium',
  lapsed: 'expired',
  paymentErrorCode: null,
});

/** The countdown after a failed renewal reached zero: Free, with why. */
const deactivated = (): SubscriptionState => ({
  status: 'freemium',
  lapsed: 'deactivated',
  paymentErrorCode: 'declined',
});

/** A paid month under way. */
const paidMonth = (): SubscriptionState => ({
  status: 'paid',
  plan: { id: 1, months: 1, amountCents: 2318 },
  periodStart: new Date(Date.now() - 10 * DAY_MS).toISOString(),
  periodEnd: new Date(Date.now() + 20 * DAY_MS).toISOString(),
  reminded: false,
  renewal: null,
});

/** A cancelled renewal whose period has a day left. */
const cancelledWithADayLeft = (): SubscriptionState => ({
  status: 'renewalCancelled',
  plan: { id: 1, months: 1, amountCents: 2318 },
  periodStart: new Date(Date.now() - 29 * DAY_MS).toISOString(),
  periodEnd: new Date(Date.now() + DAY_MS).toISOString(),
});

describe('guest pages of a club on the Free plan', () => {
  const context = useTestApp();

  /**
   * A club with a table and three enabled menus (made while it was an early adopter), then given the
   * subscription `state` (null: never subscribed).
   */
  const setUp = async (state: SubscriptionState | null) => {
    const { owner, club, call } = await seedOwnerWithClub(context, {
      club: { name: 'Osteria Blu', freeForever: true, translationsEnabled: true, menuLanguages: ['en'] },
      acceptLanguage: 'en',
    });
    const table = await addTable(call);
    const menus: { id: number }[] = [];
    for (const [name, dish] of [
      ['Pranzo', 'Carbonara'],
      ['Cena', 'Ossobuco'],
      ['Vini', 'Barolo'],
    ])
      menus.push(
        (
          await call('POST', '/menu', {
            name,
            sections: [{ name: 'Piatti', items: [{ name: dish, price: 12 }] }],
          })
        ).json(),
      );
    await seedSubscription(context.database.db, club.id, state ?? FREEMIUM);
    // Written behind the API's back: the kept pages are dropped as a write through it would.
    await context.app.guestCache.changed(club.id);
    const tableView = async () =>
      (
        await context.app.inject({ method: 'GET', url: `${API}/clubs/${club.id}/menu/tables/${table.id}` })
      ).json();
    const menuView = (menuId: number) =>
      context.app.inject({
        method: 'GET',
        url: `${API}/clubs/${club.id}/menu/tables/${table.id}/menus/${menuId}`,
      });
    const page = (path: string, language?: string) => guestGet(context.app, path, language);
    const ids = (view: { menu: { id: number }[] }) => view.menu.map((menu) => menu.id);
    const [lunch, dinner, wines] = menus as [{ id: number }, { id: number }, { id: number }];
    return { owner, club, call, table, lunch, dinner, wines, tableView, menuView, page, ids };
  };

  for (const [lapse, subscription] of [
    ['its paid period ended', endedPeriod],
    ['its countdown reached zero (the rules’ state)', deactivated],
    ['it never subscribed', () => null],
  ] as const)
    it(`serve the first two menus only, and say so, when ${lapse}`, async () => {
      const { club, table, lunch, dinner, wines, tableView, menuView, page, ids } = await setUp(
        subscription(),
      );
      // Open, not closed: a lapsed club is a Free club.
      const view = await tableView();
      expect(view).toMatchObject({ state: 'open', clubName: 'Osteria Blu', hasMenusWithheld: true });
      expect(ids(view)).toEqual([lunch.id, dinner.id]);
      expect(JSON.stringify(view)).not.toContain('Vini');

      expect((await menuView(dinner.id)).statusCode).toBe(200);
      // The third answers as a menu not served now does.
      expect((await menuView(wines.id)).statusCode).toBe(404);

      const list = await page(`/public/qrcodemenu/${club.id}/${table.id}`);
      expect(list.statusCode).toBe(200);
      expect(list.body).toMatch(/Pranzo<\/a>.*Cena<\/a>/s);
      expect(list.body).not.toContain('Vini');
      expect(list.body).toContain('Alcuni menu di questo locale al momento non sono disponibili.');
      const english = await page(`/public/qrcodemenu/${club.id}/${table.id}`, 'en-GB,en;q=0.9');
      expect(english.body).toContain('Some of this venue’s menus are not available right now.');

      const withheld = await page(`/public/menu/${club.id}/${table.id}/${wines.id}`, 'en');
      expect(withheld.statusCode).toBe(200);
      expect(withheld.body).toContain('This menu is not available now');
      expect(withheld.body).not.toContain('Barolo');
      // Not scheduled later either: no next opening is promised.
      expect(withheld.body).not.toContain('The next menu starts');
      expect(withheld.body).toContain(`href="/public/qrcodemenu/${club.id}/${table.id}?list"`);
      const served = await page(`/public/menu/${club.id}/${table.id}/${dinner.id}`);
      expect(served.body).toContain('Ossobuco');
      // The guest PDF follows the page: a Free club offers none, and never of a withheld menu.
      expect((await page(`/public/menu/${club.id}/${table.id}/${wines.id}/pdf`)).statusCode).toBe(404);
    });

  for (const [plan, subscription] of [
    ['a paid month under way', paidMonth],
    ['an early adopter', (): SubscriptionState => ({ status: 'earlyAdopter' })],
    ['a cancelled renewal with a day left', cancelledWithADayLeft],
  ] as const)
    it(`serve every menu without the note to ${plan}`, async () => {
      const { club, table, lunch, dinner, wines, tableView, menuView, page, ids } = await setUp(
        subscription(),
      );
      const view = await tableView();
      expect(view).toMatchObject({ state: 'open', hasMenusWithheld: false });
      expect(ids(view)).toEqual([lunch.id, dinner.id, wines.id]);
      expect((await menuView(wines.id)).statusCode).toBe(200);
      const list = (await page(`/public/qrcodemenu/${club.id}/${table.id}`)).body;
      expect(list).toMatch(/Pranzo<\/a>.*Cena<\/a>.*Vini<\/a>/s);
      expect(list).not.toContain('class="withheld"');
      expect((await page(`/public/menu/${club.id}/${table.id}/${wines.id}`)).body).toContain('Barolo');
    });

  it("count enabled menus only, in the owner's order, and keep the others untouched", async () => {
    const { call, lunch, dinner, wines, tableView, menuView, ids } = await setUp(deactivated());
    // The owner switches one of the first two off: the third is served in its place.
    expect(
      (await call('PUT', '/menu/batch', { menus: [{ id: dinner.id, enabled: false }] })).statusCode,
    ).toBe(200);
    let view = await tableView();
    expect(ids(view)).toEqual([lunch.id, wines.id]);
    expect(view.hasMenusWithheld).toBe(false);
    // Switched on again, and the third moved first: the first two in the owner's order are served.
    await call('PUT', '/menu/batch', {
      menus: [
        { id: wines.id, position: 0 },
        { id: lunch.id, position: 1 },
        { id: dinner.id, position: 2, enabled: true },
      ],
    });
    view = await tableView();
    expect(ids(view)).toEqual([wines.id, lunch.id]);
    expect(view.hasMenusWithheld).toBe(true);
    expect((await menuView(dinner.id)).statusCode).toBe(404);
    // Kept as it was: the owner still has all three, with their content.
    const cards = (await call('GET', '/menu')).json() as { id: number; enabled: boolean }[];
    expect(cards.map((card) => [card.id, card.enabled])).toEqual([
      [wines.id, true],
      [lunch.id, true],
      [dinner.id, true],
    ]);
    expect(JSON.stringify((await call('GET', `/menu/${dinner.id}`)).json())).toContain('Ossobuco');
  });

  it('say so only when the plan keeps from this table a menu it would have now', async () => {
    const { call, club, table, lunch, dinner, wines, tableView, page, ids } = await setUp(deactivated());
    const today = ((new Date().getUTCDay() + 6) % 7) + 1;
    const otherDay = ((today + 2) % 7) + 1;
    // The withheld menu is not served today anyway: nothing is missing now.
    await call('PUT', `/menu/${wines.id}/schedulings`, {
      schedulings: [{ days: [otherDay], startTime: null, endTime: null }],
    });
    const view = await tableView();
    expect(ids(view)).toEqual([lunch.id, dinner.id]);
    expect(view.hasMenusWithheld).toBe(false);
    // With one menu served now and one withheld, the table page lists it with the note instead of
    // opening it directly.
    await call('PUT', `/menu/${wines.id}/schedulings`, { schedulings: [] });
    await call('PUT', `/menu/${dinner.id}/schedulings`, {
      schedulings: [{ days: [otherDay], startTime: '19:00', endTime: '23:00' }],
    });
    expect(ids(await tableView())).toEqual([lunch.id]);
    const list = await page(`/public/qrcodemenu/${club.id}/${table.id}`);
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain('Alcuni menu di questo locale al momento non sono disponibili.');
    // With nothing served now, the next opening named is a served menu's, never the withheld one's
    // (which, unscheduled, would be "now").
    await call('PUT', `/menu/${lunch.id}/schedulings`, {
      schedulings: [{ days: [otherDay], startTime: '12:00', endTime: '15:00' }],
    });
    const empty = await page(`/public/qrcodemenu/${club.id}/${table.id}`, 'en');
    expect(empty.body).toContain('No menu right now');
    expect(empty.body).toMatch(/The next menu starts on \w+ at 12:00\./);
    expect(empty.body).toContain('Some of this venue’s menus are not available right now.');
  });

  it('serve every menu again as soon as a payment outside the club routes makes the club Smart', async () => {
    const { club, call, table, wines, tableView, page, ids } = await setUp(null);
    expect(ids(await tableView())).toHaveLength(2);
    const list = `/public/qrcodemenu/${club.id}/${table.id}`;
    expect((await page(list)).body).not.toContain('Vini');

    // A card that asks for authentication: the payment is confirmed on the sandbox's own screen
    // (`/payments/sandbox/...`, as Stripe's webhook would answer), not under the club's routes.
    const { saved } = await saveSandboxCard(context.app, call, { cardNumber: '4000002760003184' });
    expect(saved.statusCode).toBe(201);
    const plan = await italianMonthlyPlan(context.database);
    const pending = (await call('POST', '/subscription', { paymentPlanId: plan.id })).json();
    const action = present(pending.action, 'an authentication');
    // Still Free while the payment waits: the page is kept again.
    expect((await page(list)).body).not.toContain('Vini');
    // PostgreSQL: what the approval's own transaction signals, heard as another process hears it.
    const heard: string[] = [];
    const stopListening = context.database.listen
      ? await context.database.listen(GUEST_CHANNEL, (payload) => heard.push(payload))
      : null;
    try {
      if (stopListening) {
        // Notifications arrive in commit order: once this marker is heard, every earlier write's is.
        await context.database.db.execute(sql`select pg_notify(${GUEST_CHANNEL}, '0')`);
        await expect.poll(() => heard.includes('0')).toBe(true);
        heard.length = 0;
      }
      const approved = await context.app.inject({
        method: 'POST',
        url: `${API}/payments/sandbox/payments/${action.paymentId}/confirm`,
        payload: { clientSecret: action.clientSecret, approve: true },
      });
      expect(approved.statusCode).toBe(204);
      if (stopListening) await expect.poll(() => heard).toContain(String(club.id));
      // At once on the embedded database; on PostgreSQL when the write's NOTIFY comes back.
      await expect.poll(async () => (await page(list)).body, { timeout: 5000 }).toContain('Vini');
    } finally {
      await stopListening?.();
    }
    expect(ids(await tableView())).toContain(wines.id);
  });
});
