import { GUEST_PREVIEW_PARAM } from '@carta/contract/guest-preview';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clubs } from '../src/db/schema.ts';
import { signGuestPreview } from '../src/features/guest/guest-preview.ts';
import { addTable, ONE_DISH_DINNER, seedOwnerWithClub } from './fixtures.ts';
import { seedClub, seedOwner, TEST_APP_SECRET, useTestApp } from './helpers.ts';

describe("the owner's preview of a club waiting for activation", () => {
  const context = useTestApp();

  const setUp = async () => {
    const { owner, club, call } = await seedOwnerWithClub(context, {
      club: {
        name: 'Trattoria da Giulia',
        status: 'pending',
        callWaiterEnabled: true,
        pdfMenuEnabled: true,
        freeForever: true,
        // Pages read in English where the club has English.
        translationsEnabled: true,
        menuLanguages: ['en'],
      },
    });
    const table = await addTable(call);
    const menu = (await call('POST', '/menu', ONE_DISH_DINNER)).json() as { id: number };
    await call('POST', '/menu', { name: 'Pranzo' });
    const page = (url: string, headers: Record<string, string> = {}) =>
      context.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en', ...headers } });
    return { owner, club, table, menu, call, page };
  };

  /** The link the owner app would open: the one the API answers the owner. */
  const previewLink = async (setup: Awaited<ReturnType<typeof setUp>>) => {
    const response = await setup.call('GET', `/guest-preview?tableId=${setup.table.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    return response.json() as { tableId: number; url: string; expiresAt: string };
  };

  it("shows the owner the real guest page, marked as a preview, while guests still read 'coming soon'", async () => {
    const setup = await setUp();
    const { url, expiresAt } = await previewLink(setup);
    expect(url).toMatch(new RegExp(`^/public/qrcodemenu/${setup.club.id}/${setup.table.id}\\?preview=`));
    const minutes = (new Date(expiresAt).getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(25);
    expect(minutes).toBeLessThanOrEqual(30);

    const list = await setup.page(url);
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain('Preview: guests will see this once your venue is active');
    expect(list.body).toContain('<meta name="robots" content="noindex,nofollow">');
    expect(list.headers['cache-control']).toBe('no-store');
    expect(list.headers['x-robots-tag']).toBe('noindex, nofollow');
    // The menus lead on inside the preview.
    const menuHref = /href="(\/public\/menu\/[^"]+)"/.exec(list.body)?.[1]?.replaceAll('&amp;', '&');
    expect(menuHref).toContain(`${GUEST_PREVIEW_PARAM}=`);

    const menu = await setup.page(
      `/public/menu/${setup.club.id}/${setup.table.id}/${setup.menu.id}${menuHref?.slice(menuHref.indexOf('?'))}`,
    );
    expect(menu.statusCode).toBe(200);
    expect(menu.body).toContain('Carbonara');
    expect(menu.body).toContain('Preview: guests will see this once your venue is active');
    expect(menu.headers['cache-control']).toBe('no-store');
    // No call-waiter button and no PDF in a preview: both belong to the open venue's guests.
    expect(menu.body).not.toContain('class="waiter"');
    expect(menu.body).not.toContain('/pdf?');

    // The same pages without the preview: the notice, and the previews were not kept for guests.
    for (const plain of [
      `/public/qrcodemenu/${setup.club.id}/${setup.table.id}?list`,
      `/public/menu/${setup.club.id}/${setup.table.id}/${setup.menu.id}`,
    ]) {
      const response = await setup.page(plain);
      expect(response.body).toContain('The menu is coming soon');
      expect(response.body).not.toContain('Carbonara');
      expect(response.body).not.toContain('Preview');
    }
    // And the preview again after a guest's visit: still the preview, not the guest's cached notice.
    expect((await setup.page(url)).body).toContain('Preview: guests will see this once your venue is active');
  });

  it('speaks the Italian of an Italian browser', async () => {
    const setup = await setUp();
    const { url } = await previewLink(setup);
    const response = await setup.page(url, { 'accept-language': 'it-IT,it;q=0.9' });
    expect(response.body).toContain('Anteprima: gli ospiti la vedranno quando il locale sarà attivo');
    expect(response.body).toContain('<title>Anteprima · Trattoria da Giulia</title>');
  });

  it('counts no page view', async () => {
    const setup = await setUp();
    const { url } = await previewLink(setup);
    await setup.page(url);
    await setup.page(
      `/public/menu/${setup.club.id}/${setup.table.id}/${setup.menu.id}?lang=it&preview=${new URL(url, 'http://x').searchParams.get('preview')}`,
    );
    const stats = (await setup.call('GET', '/stats/views?days=7')).json();
    expect(stats.total).toBe(0);
  });

  it('answers 404 to another owner asking for a preview of a club not theirs', async () => {
    const setup = await setUp();
    const stranger = await seedOwner(context.database);
    const response = await context.app.inject({
      method: 'GET',
      url: `/api/v1/clubs/${setup.club.id}/guest-preview?tableId=${setup.table.id}`,
      headers: { authorization: stranger.authorization },
    });
    expect(response.statusCode).toBe(404);
    expect((await setup.call('GET', '/guest-preview?tableId=999999')).statusCode).toBe(404);
    // Without a table, the club's first; a club without tables has no guest page to preview.
    expect((await setup.call('GET', '/guest-preview')).json().tableId).toBe(setup.table.id);
    const bare = await seedClub(context.database, setup.owner.account.id, { status: 'pending' });
    const noTables = await context.app.inject({
      method: 'GET',
      url: `/api/v1/clubs/${bare.id}/guest-preview`,
      headers: { authorization: setup.owner.authorization },
    });
    expect(noTables.statusCode).toBe(404);
  });

  it('gives an expired, forged or other club preview the ordinary notice', async () => {
    const setup = await setUp();
    const other = await setUp();
    const path = `/public/qrcodemenu/${setup.club.id}/${setup.table.id}?list&preview=`;
    const expired = signGuestPreview(TEST_APP_SECRET, setup.club.id, Date.now() - 31 * 60_000).value;
    const forged = signGuestPreview('another-secret-another-secret-another-0', setup.club.id).value;
    const otherClubs = new URL((await previewLink(other)).url, 'http://x').searchParams.get('preview') ?? '';
    const [expires] = expired.split('.');
    const tampered = `${Number(expires) + 3600}.${expired.split('.')[1]}`;
    for (const value of [expired, forged, otherClubs, tampered, 'nonsense']) {
      const response = await setup.page(`${path}${encodeURIComponent(value)}`);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('The menu is coming soon');
      expect(response.body).not.toContain('Carbonara');
      expect(response.body).not.toContain('Preview');
    }
  });

  it("previews nothing once the club is active: the page is the guests' own", async () => {
    const setup = await setUp();
    const { url } = await previewLink(setup);
    await context.database.db.update(clubs).set({ status: 'active' }).where(eq(clubs.id, setup.club.id));
    await context.app.guestCache.changed(setup.club.id);
    const response = await setup.page(url);
    expect(response.body).toContain('Cena');
    expect(response.body).not.toContain('Preview');
    expect(response.headers['cache-control']).not.toBe('no-store');
  });
});
