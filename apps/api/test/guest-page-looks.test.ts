import { THEME_FONTS } from '@carta/contract/themes';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { banners, clubs, storedFiles } from '../src/db/schema.ts';
import { ONE_DISH_DINNER } from './fixtures.ts';
import { guestPageSetUp } from './guest-page-fixtures.ts';
import { useTestApp } from './helpers.ts';

// The club's look on a guest's page: the theme's colours, the logo and banner images, the theme's font.

describe('guest pages', () => {
  const context = useTestApp();
  const setUp = guestPageSetUp(context);

  it("paint the page in the club's theme, with label text that stays readable on light label colours", async () => {
    const { club, call, table, page } = await setUp();
    const themes = (await call('GET', '/themes')).json();
    const night = themes.find((theme: { name: string }) => theme.name === 'Notte');
    await call('PATCH', '', { themeId: night.id });
    const menu = (
      await call('POST', '/menu', {
        name: 'Cocktail',
        sections: [{ name: 'Classici', items: [{ name: 'Negroni', price: 9, bestSeller: true }] }],
      })
    ).json();
    const html = (await page(`/public/menu/${club.id}/${table.id}/${menu.id}`)).body;
    expect(html).toContain(`--bg:${night.background}`);
    expect(html).toContain(`--tab-bg:${night.tabBackground}`);
    // Notte's best-seller label is a light yellow: its text turns dark.
    expect(html).toContain('--best-text:#1a1a1a');
  });

  it('draw the logo and the banner from their stored WebP widths, with sizes, width and height', async () => {
    const { club, call, table, page } = await setUp({ bannerUpdateEnabled: true });
    const stored = (key: string, purpose: 'logo' | 'banner', widths: number[]) =>
      context.database.db.insert(storedFiles).values({
        clubId: club.id,
        key,
        purpose,
        contentType: 'image/jpeg',
        bytes: 1000,
        width: Math.max(...widths),
        height: Math.max(...widths),
        variants: widths.map((width) => ({ width, height: width })),
      });
    const logoKey = `img/${'a'.repeat(24)}`;
    const bannerKey = `img/${'b'.repeat(24)}`;
    await stored(logoKey, 'logo', [128, 256, 512]);
    await stored(bannerKey, 'banner', [400, 800]);
    await context.database.db.update(clubs).set({ logo: logoKey }).where(eq(clubs.id, club.id));
    const menu = (await call('POST', '/menu', ONE_DISH_DINNER)).json();
    await context.database.db.insert(banners).values({
      menuId: menu.id,
      title: 'Happy hour',
      price: '8 €',
      imageUrl: `/files/${bannerKey}-800.webp`,
    });
    // Anything else that would drop the kept page: a write through the API.
    await call('PATCH', '/settings', { menuLabelEnabled: true });

    const html = (await page(`/public/menu/${club.id}/${table.id}/${menu.id}`)).body;
    expect(html).toContain(
      `<img class="logo" src="/files/${logoKey}-128.webp" srcSet="/files/${logoKey}-128.webp 128w, /files/${logoKey}-256.webp 256w, /files/${logoKey}-512.webp 512w" sizes="48px" alt="" width="48" height="48"`,
    );
    expect(html).toMatch(
      new RegExp(
        `<img src="/files/${bannerKey}-400.webp" srcSet="/files/${bannerKey}-400.webp 400w, /files/${bannerKey}-800.webp 800w" sizes="96px" alt="" width="96" height="96" loading="eager"`,
      ),
    );
  });

  it("serve the theme's font from Carta itself, cached for a year, never holding the text back", async () => {
    const { club, call, table, page } = await setUp();
    const themes = (await call('GET', '/themes')).json();
    const theme = themes.find((entry: { font: string }) => entry.font !== 'Inter') ?? themes[0];
    await call('PATCH', '', { themeId: theme.id });
    const menu = (await call('POST', '/menu', { name: 'Cena' })).json();
    const html = (await page(`/public/menu/${club.id}/${table.id}/${menu.id}`)).body;
    const fontPath = html.match(
      /<link rel="preload" href="(\/public\/fonts\/[a-z-]+-[0-9a-f]{12}\.woff2)"/,
    )?.[1];
    expect(fontPath).toBeDefined();
    expect(html).toContain(`@font-face{font-family:"${theme.font}";src:url(${fontPath})`);
    expect(html).toContain('font-display:optional');
    const font = await context.app.inject({ method: 'GET', url: fontPath ?? '' });
    expect(font.statusCode).toBe(200);
    expect(font.headers['content-type']).toBe('font/woff2');
    expect(font.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(font.rawPayload.subarray(0, 4).toString('latin1')).toBe('wOF2');
    expect((await context.app.inject({ method: 'GET', url: '/public/fonts/other.woff2' })).statusCode).toBe(
      404,
    );
    // The owner app's theme preview takes every font from one stylesheet.
    const css = (await context.app.inject({ method: 'GET', url: '/public/fonts.css' })).body;
    for (const family of THEME_FONTS) expect(css).toContain(`font-family:"Carta ${family}"`);
    expect(css).toContain(fontPath);
  });
});
