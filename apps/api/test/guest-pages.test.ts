import { describe, expect, it } from 'vitest';
import { ONE_DISH_DINNER } from './fixtures.ts';
import { demoDinner, guestPageSetUp } from './guest-page-fixtures.ts';
import { useTestApp } from './helpers.ts';

// What a guest's page says: a table's menus, a menu in the guest's language with its labels and
// allergens, a venue not open yet, a menu not served now, and the views it counts. How the club's look
// reaches it is in guest-page-looks.test.ts, how pages travel (size, caching, encodings) in
// guest-page-delivery.test.ts.

describe('guest pages', () => {
  const context = useTestApp();
  const setUp = guestPageSetUp(context);

  it('answer an unknown table with a readable 404 page in the guest language', async () => {
    const response = await context.app.inject({
      method: 'GET',
      url: '/public/qrcodemenu/999999/1',
      headers: { 'accept-language': 'de-DE,de;q=0.9,en;q=0.8' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('<html lang="de"');
    expect(response.body).toContain('Speisekarte nicht gefunden');
  });

  it('say when a venue is coming soon or disabled, in the guest language, and nothing more', async () => {
    for (const [fields, text] of [
      [{ status: 'pending' as const }, 'The menu is coming soon'],
      [{ status: 'suspended' as const }, 'Menu not available'],
      [{ enabled: false }, 'Menu not available'],
    ] as const) {
      const { club, call, table, page } = await setUp(fields);
      await call('POST', '/menu', ONE_DISH_DINNER);
      const response = await page(`/public/qrcodemenu/${club.id}/${table.id}`, 'en');
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain(text);
      expect(response.body).toContain('Osteria Blu');
      expect(response.body).not.toContain('Carbonara');
      expect(response.body).not.toContain('instagram');
    }
  });

  it('list the menus of a table, and open the only one directly', async () => {
    const { club, call, table, page } = await setUp();
    const dinner = (await call('POST', '/menu', { name: 'Cena' })).json();
    const one = await page(`/public/qrcodemenu/${club.id}/${table.id}`);
    expect(one.statusCode).toBe(302);
    expect(one.headers.location).toBe(`/public/menu/${club.id}/${table.id}/${dinner.id}?lang=it`);
    await call('POST', '/menu', { name: 'Drink' });
    const list = await page(`/public/qrcodemenu/${club.id}/${table.id}`);
    expect(list.statusCode).toBe(200);
    expect(list.body).toMatch(/Cena<\/a>.*Drink<\/a>/s);
    expect(list.body).toContain('Tavolo 7');
  });

  it('render a menu with labels, price texts, allergens, translations with fallback, and no hidden rows', async () => {
    const { club, call, table, page } = await setUp();
    const menu = (await call('POST', '/menu', demoDinner())).json();
    // A hidden dish and a hidden category never reach guests.
    const starters = menu.sections[0];
    await call('PUT', `/menu/${menu.id}/sections/${starters.id}/items/batch`, {
      items: [{ id: starters.items[1].id, disabled: true }],
    });
    await call('PUT', `/menu/${menu.id}/sections/batch`, {
      sections: [{ id: menu.sections[7].id, disabled: true }],
    });

    const italian = await page(`/public/menu/${club.id}/${table.id}/${menu.id}`);
    expect(italian.statusCode).toBe(200);
    const html = italian.body;
    expect(html).toContain('<html lang="it"');
    expect(html).toContain('Tagliere di salumi e formaggi');
    expect(html).toContain('Più venduto');
    expect(html).toContain('Consigliato');
    expect(html).toContain('Esaurito');
    expect(html).toContain('Secondo mercato');
    expect(html).toContain('14,00');
    expect(html).toContain('Contiene: Latte');
    expect(html).not.toContain('Bruschette al pomodoro');
    expect(html).not.toContain('Vini al calice');
    expect(html).not.toContain('nota segreta');
    expect(html).toContain('tel:+3902123456');
    expect(html).toContain('Coperto 2,50 €');

    const english = await page(`/public/menu/${club.id}/${table.id}/${menu.id}?lang=en`);
    expect(english.body).toContain('<html lang="en"');
    expect(english.body).toContain('Cured meats and cheese board');
    expect(english.body).toContain('Starters');
    expect(english.body).toContain('Best seller');
    expect(english.body).toContain('Contains: Milk');
    // Without an English name, Cacio e pepe keeps its own.
    expect(english.body).toContain('Cacio e pepe');
    // The browser's language picks English too.
    expect((await page(`/public/menu/${club.id}/${table.id}/${menu.id}`, 'en-GB,en;q=0.9')).body).toContain(
      '<html lang="en"',
    );

    const json = (
      await context.app.inject({
        method: 'GET',
        url: `/api/v1/clubs/${club.id}/menu/tables/${table.id}/menus/${menu.id}`,
      })
    ).json();
    expect(json.sections).toHaveLength(7);
    expect(JSON.stringify(json)).not.toContain('Bruschette al pomodoro');
    expect(JSON.stringify(json)).not.toContain('nota segreta');
    expect(json).not.toHaveProperty('adminDisplayName');
  });

  it('leave room under the page for the call-waiter button, only when the button is there', async () => {
    const room = 'body{padding-bottom:calc(3.75rem + max(1rem,env(safe-area-inset-bottom,0px)))}';
    const { club, call, table, page } = await setUp({ callWaiterEnabled: false });
    const menu = (await call('POST', '/menu', ONE_DISH_DINNER)).json();
    await call('POST', '/menu', { name: 'Drink' });
    const menuUrl = `/public/menu/${club.id}/${table.id}/${menu.id}`;
    const listUrl = `/public/qrcodemenu/${club.id}/${table.id}?list`;
    for (const url of [menuUrl, listUrl]) {
      const html = (await page(url)).body;
      expect(html).not.toContain('class="waiter"');
      expect(html).not.toContain('padding-bottom:calc(');
    }
    await call('PATCH', '/settings', { callWaiterEnabled: true });
    for (const url of [menuUrl, listUrl]) {
      const html = (await page(url)).body;
      expect(html).toContain('class="waiter"');
      // In the inlined styles, where the first paint already has it: no shift when the page loads.
      expect(html.slice(html.indexOf('<style>'), html.indexOf('</style>'))).toContain(room);
    }
  });

  it('offer to mark or to hide the dishes with avoided allergens, in every guest language', async () => {
    const { club, call, table, page } = await setUp({ menuLanguages: ['en', 'de', 'fr', 'es'] });
    const menu = (
      await call('POST', '/menu', {
        name: 'Cena',
        sections: [{ name: 'Primi', items: [{ name: 'Carbonara', price: 12, allergens: ['eggs'] }] }],
      })
    ).json();
    const words = {
      it: ['Piatti con questi allergeni:', 'Segnalali', 'Nascondili', '{count} piatti nascosti'],
      en: ['Dishes with these allergens:', 'Mark them', 'Hide them', '{count} dishes hidden by your'],
      de: ['Gerichte mit diesen Allergenen:', 'Markieren', 'Ausblenden', '{count} Gerichte durch Ihren'],
      fr: ['Plats contenant ces allergènes :', 'Les signaler', 'Les masquer', '{count} plats masqués'],
      es: ['Platos con estos alérgenos:', 'Marcarlos', 'Ocultarlos', '{count} platos ocultos'],
    };
    for (const [language, [legend, mark, hide, many]] of Object.entries(words)) {
      const html = (await page(`/public/menu/${club.id}/${table.id}/${menu.id}?lang=${language}`)).body;
      expect(html).toContain(`<html lang="${language}"`);
      expect(html).toContain(`<legend>${legend}</legend>`);
      // Marking stays the default; the script restores the guest's own choice.
      expect(html).toContain(`<input type="radio" name="allergen-mode" checked="" value="mark"/>${mark}`);
      expect(html).toContain(`<input type="radio" name="allergen-mode" value="hide"/>${hide}`);
      expect(html).toMatch(
        new RegExp(`<p class="filtered" data-one="1 [^"]+" data-many="${many}[^"]*" hidden`),
      );
    }
    // A menu without allergens has no filter to offer.
    const plain = (
      await call('POST', '/menu', {
        name: 'Drink',
        sections: [{ name: 'Cocktail', items: [{ name: 'Negroni', price: 9 }] }],
      })
    ).json();
    const html = (await page(`/public/menu/${club.id}/${table.id}/${plain.id}`)).body;
    expect(html).not.toContain('allergen-mode');
    expect(html).not.toContain('class="filtered"');
  });

  it("show the menu's name in the guest's language, the original where it has none", async () => {
    const { club, call, table, page } = await setUp();
    const dinner = (
      await call('POST', '/menu', {
        name: 'Cena',
        nameTranslations: { en: 'Dinner' },
        sections: [{ name: 'Primi', items: [{ name: 'Carbonara', price: 12 }] }],
      })
    ).json();
    await call('POST', '/menu', {
      name: 'Cocktail',
      sections: [{ name: 'Classici', items: [{ name: 'Negroni', price: 9 }] }],
    });
    const list = (await page(`/public/qrcodemenu/${club.id}/${table.id}`, 'en-GB,en;q=0.9')).body;
    expect(list).toContain('>Dinner</a>');
    expect(list).toContain('>Cocktail</a>');
    const english = (await page(`/public/menu/${club.id}/${table.id}/${dinner.id}?lang=en`)).body;
    expect(english).toContain('<h1>Dinner</h1>');
    expect(english).toContain('<title>Dinner · Osteria Blu</title>');
    const italian = (await page(`/public/menu/${club.id}/${table.id}/${dinner.id}?lang=it`)).body;
    expect(italian).toContain('<h1>Cena</h1>');
    const json = (
      await context.app.inject({ method: 'GET', url: `/api/v1/clubs/${club.id}/menu/tables/${table.id}` })
    ).json();
    expect(json.menu.map((menu: { translations: object }) => menu.translations)).toEqual([
      { en: 'Dinner' },
      {},
    ]);
  });

  it('count page views per day and menu, numbers only, without cookies; refreshes are not views', async () => {
    const { club, call, table, page } = await setUp();
    const dinner = (await call('POST', '/menu', { name: 'Cena' })).json();
    await call('POST', '/menu', { name: 'Drink' });
    const menuUrl = `/public/menu/${club.id}/${table.id}/${dinner.id}`;
    const first = await page(menuUrl);
    expect(first.headers['set-cookie']).toBeUndefined();
    await page(menuUrl);
    await page(`/public/qrcodemenu/${club.id}/${table.id}`);
    // The page's own refresh and a revalidation are the same guest: not counted.
    await context.app.inject({ method: 'GET', url: menuUrl, headers: { 'x-carta-refresh': '1' } });
    await context.app.inject({
      method: 'GET',
      url: menuUrl,
      headers: { 'if-none-match': first.headers.etag as string },
    });

    const stats = (await call('GET', '/stats/views?days=7')).json();
    expect(stats.total).toBe(3);
    expect(stats.days).toHaveLength(7);
    expect(stats.days.at(-1)).toEqual({ day: new Date().toISOString().slice(0, 10), views: 3 });
    expect(stats.menus).toEqual([{ menuId: dinner.id, name: 'Cena', views: 2 }]);
  });

  it('say when a menu is not served now and when it starts', async () => {
    const { club, call, table, page } = await setUp();
    const menu = (await call('POST', '/menu', { name: 'Brunch' })).json();
    const today = ((new Date().getUTCDay() + 6) % 7) + 1;
    const otherDay = (today % 7) + 1 === today ? 1 : ((today + 2) % 7) + 1;
    await call('PUT', `/menu/${menu.id}/schedulings`, {
      schedulings: [{ days: [otherDay], startTime: '10:00', endTime: '12:00' }],
    });
    const response = await page(`/public/menu/${club.id}/${table.id}/${menu.id}`, 'en');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('This menu is not available now');
    expect(response.body).toMatch(/The next menu starts on \w+ at 10:00\./);
    const json = await context.app.inject({
      method: 'GET',
      url: `/api/v1/clubs/${club.id}/menu/tables/${table.id}/menus/${menu.id}`,
    });
    expect(json.statusCode).toBe(404);
  });
});
