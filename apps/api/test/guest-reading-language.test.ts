import { offlineTime } from '@carta/guest/offline-time';
import { describe, expect, it } from 'vitest';
import { addTable, guestMenuUrl, seedOwnerWithClub } from './fixtures.ts';
import { useTestApp } from './helpers.ts';

// Which language a guest's phone gets, and the words around search and the offline copy in it.
describe('the language a guest reads in', () => {
  const context = useTestApp();

  /** An Italian club whose menus read in `menuLanguages` too, with one menu at table 7. */
  const setUp = async (menuLanguages: string[]) => {
    const { club, call } = await seedOwnerWithClub(context, {
      club: { name: 'Osteria Blu', freeForever: true, translationsEnabled: true, menuLanguages },
    });
    const table = await addTable(call);
    const menu = (
      await call('POST', '/menu', {
        name: 'Cena',
        sections: [{ name: 'Primi', items: [{ name: 'Carbonara', price: 12, allergens: ['eggs'] }] }],
      })
    ).json();
    const path = guestMenuUrl(club.id, table.id, menu.id);
    const page = async (acceptLanguage?: string, query = '') => {
      const response = await context.app.inject({
        method: 'GET',
        url: `${path}${query}`,
        headers: acceptLanguage === undefined ? {} : { 'accept-language': acceptLanguage },
      });
      expect(response.statusCode).toBe(200);
      return response.body;
    };
    return { page };
  };

  const langOf = (body: string) => body.match(/<html lang="([a-z]{2})"/)?.[1];

  it('gives a German phone the English menu, not the Italian original, when the menu has English', async () => {
    const { page } = await setUp(['en']);
    expect(langOf(await page('de-DE,de;q=0.9'))).toBe('en');
    expect(langOf(await page('ja-JP'))).toBe('en');
    expect(await page('de-DE,de;q=0.9')).toContain('Search a dish or an ingredient');
    // A language the menu has still wins, wherever it stands in the list.
    expect(langOf(await page('de-DE,de;q=0.9,it;q=0.3'))).toBe('it');
    expect(langOf(await page('it-IT,it;q=0.9,en;q=0.8'))).toBe('it');
    expect(langOf(await page('it'))).toBe('it');
    // A browser that says nothing reads the original; the address's choice beats the browser.
    expect(langOf(await page())).toBe('it');
    expect(langOf(await page('de-DE', '?lang=it'))).toBe('it');
  });

  it("reads the browser's own language when the menu has it, and Italian when the menu has no English", async () => {
    const withGerman = await setUp(['en', 'de']);
    expect(langOf(await withGerman.page('de-DE,de;q=0.9,en;q=0.5'))).toBe('de');
    const italianOnly = await setUp(['de']);
    expect(langOf(await italianOnly.page('fr-FR,fr;q=0.9'))).toBe('it');
  });

  it('offers a translated button that clears a search finding nothing, and names the filter on its closed line', async () => {
    const { page } = await setUp(['en']);
    const italian = await page('it-IT');
    expect(italian).toContain(
      '<div class="empty" aria-live="polite" hidden=""><p>Nessun piatto corrisponde.</p><button type="button" class="clear">Cancella la ricerca</button></div>',
    );
    expect(italian).toContain('<summary data-label="Evito">Evito…</summary>');
    const english = await page('en-GB');
    expect(english).toContain('<button type="button" class="clear">Clear search</button>');
    expect(english).toContain('<summary data-label="I avoid">I avoid…</summary>');
    // The filter's boxes are drawn in the theme, not the browser's blue; no native triangle.
    expect(italian).toContain('.chips input,.mode input{appearance:none;');
    expect(italian).toContain('.filter summary::-webkit-details-marker{display:none}');
  });

  it("writes the offline copy's date as the page's readers do: day first, 24-hour clock", () => {
    const savedAt = new Date('2026-11-26T18:17:00Z');
    expect(offlineTime('it', savedAt, 'Europe/Rome')).toBe('26/11/2026, 19:17');
    expect(offlineTime('en', savedAt, 'Europe/Rome')).toBe('26/11/2026, 19:17');
    expect(offlineTime('en', savedAt, 'Europe/London')).toBe('26/11/2026, 18:17');
    expect(offlineTime('de', savedAt, 'Europe/Rome')).toBe('26.11.2026, 19:17');
    expect(offlineTime('en', new Date('2026-11-26T08:05:00Z'), 'UTC')).not.toMatch(/AM|PM/);
  });
});
