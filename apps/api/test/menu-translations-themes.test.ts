import { contrastRatio, MIN_TEXT_CONTRAST, THEME_CONTRAST_PAIRS } from '@carta/contract/themes';
import { describe, expect, it } from 'vitest';
import { seedOwnerWithClub } from './fixtures.ts';
import { CUSTOM_THEME, useTestApp } from './helpers.ts';

describe('menu translations and themes', () => {
  const context = useTestApp();

  const setUp = (clubFields: { freeForever?: boolean; menuLanguages?: string[] } = {}) =>
    seedOwnerWithClub(context, { club: clubFields, acceptLanguage: 'en' });

  it("lists every text with its translations in the club's languages and reports progress", async () => {
    const { call } = await setUp();
    // The menus' own language is never a translation: the server drops it.
    expect(
      (await call('PATCH', '', { menuLanguages: ['it', 'en', 'de', 'en'] })).json().menuLanguages,
    ).toEqual(['en', 'de']);
    const menu = (
      await call('POST', '/menu', {
        name: 'Cena',
        nameTranslations: { en: 'Dinner', de: '' },
        sections: [
          {
            name: 'Antipasti',
            translations: { en: { translatedName: 'Starters' } },
            items: [
              {
                name: 'Bruschetta',
                description: 'Pane e pomodoro',
                price: 6,
                translations: {
                  en: {
                    translatedName: 'Bruschetta',
                    translatedDescription: null,
                    translatedIngredients: null,
                  },
                },
              },
              { name: 'Spritz', price: 7, translateName: false, ingredients: 'Aperol, prosecco' },
            ],
          },
        ],
      })
    ).json();
    const overview = (await call('GET', `/menu/${menu.id}/translations`)).json();
    expect(overview.languages).toEqual(['en', 'de']);
    expect(
      overview.texts.map((text: { kind: string; field: string; original: string }) => [
        text.kind,
        text.field,
        text.original,
      ]),
    ).toEqual([
      // The menu's own name first, then every category and dish as the menu reads.
      ['menu', 'name', 'Cena'],
      ['section', 'name', 'Antipasti'],
      ['item', 'name', 'Bruschetta'],
      ['item', 'description', 'Pane e pomodoro'],
      // Spritz keeps its name in every language: only its ingredients are to translate.
      ['item', 'ingredients', 'Aperol, prosecco'],
    ]);
    expect(overview.progress).toEqual([
      { language: 'en', total: 5, translated: 3 },
      { language: 'de', total: 5, translated: 0 },
    ]);

    const [menuName, section, , description, ingredients] = overview.texts;
    expect(menuName.translations).toEqual({ en: 'Dinner', de: null });
    const saved = await call('PUT', `/menu/${menu.id}/translations`, {
      texts: [
        { kind: 'item', id: description.id, field: 'description', language: 'en', text: 'Bread and tomato' },
        { kind: 'item', id: ingredients.id, field: 'ingredients', language: 'en', text: 'Aperol, prosecco' },
        { kind: 'section', id: section.id, field: 'name', language: 'de', text: 'Vorspeisen' },
        { kind: 'section', id: section.id, field: 'name', language: 'en', text: '' },
        { kind: 'menu', id: menu.id, field: 'name', language: 'de', text: 'Abendessen' },
      ],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().progress).toEqual([
      { language: 'en', total: 5, translated: 4 },
      { language: 'de', total: 5, translated: 2 },
    ]);
    expect((await call('GET', `/menu/${menu.id}`)).json().nameTranslations).toEqual({
      en: 'Dinner',
      de: 'Abendessen',
    });
    // The item keeps its translated name beside the new description.
    const item = (await call('GET', `/menu/${menu.id}`)).json().sections[0].items[0];
    expect(item.translations.en).toMatchObject({
      translatedName: 'Bruschetta',
      translatedDescription: 'Bread and tomato',
    });

    const other = await setUp();
    const foreign = (await other.call('POST', '/menu', { name: 'X', sections: [{ name: 'S' }] })).json();
    const refused = await call('PUT', `/menu/${menu.id}/translations`, {
      texts: [
        { kind: 'item', id: description.id, field: 'description', language: 'en', text: 'Changed' },
        { kind: 'section', id: foreign.sections[0].id, field: 'name', language: 'en', text: 'Hijack' },
      ],
    });
    expect(refused.statusCode).toBe(404);
    const after = (await call('GET', `/menu/${menu.id}/translations`)).json();
    expect(after.texts[3].translations.en).toBe('Bread and tomato');
  });

  it('offers standard themes that meet WCAG AA to everyone', async () => {
    const { call } = await setUp();
    const themes = (await call('GET', '/themes')).json();
    expect(themes.map((theme: { name: string }) => theme.name)).toEqual([
      'Carta',
      'Notte',
      'Trattoria',
      'Mare',
    ]);
    for (const theme of themes) {
      expect(theme.isCustom).toBe(false);
      for (const [foreground, background] of THEME_CONTRAST_PAIRS)
        expect(
          contrastRatio(theme[foreground], theme[background]),
          `${theme.name} ${foreground}`,
        ).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    }
    // A club or a menu may use a standard theme on the Free plan.
    const patched = await call('PATCH', '', { themeId: themes[1].id });
    expect(patched.json().theme).toMatchObject({ name: 'Notte' });
    const menu = await call('POST', '/menu', { name: 'Cena', themeId: themes[2].id });
    expect(menu.json()).toMatchObject({ themeId: themes[2].id, theme: { name: 'Trattoria' } });
    const withClubTheme = await call('POST', '/menu', { name: 'Pranzo' });
    expect(withClubTheme.json()).toMatchObject({ themeId: null, theme: { name: 'Notte' } });
  });

  const custom = CUSTOM_THEME;

  it('saves a custom theme on Smart only; Free answers 403 with a code', async () => {
    const free = await setUp();
    const refused = await free.call('PUT', '/themes/custom', custom);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('SMART_PLAN_REQUIRED');

    const smart = await setUp({ freeForever: true });
    const saved = await smart.call('PUT', '/themes/custom', custom);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      name: 'Il nostro',
      background: '#ffffff',
      isCustom: true,
      backgroundImage: null,
    });
    const again = await smart.call('PUT', '/themes/custom', { ...custom, name: 'Il nostro bis' });
    expect(again.json().id).toBe(saved.json().id);
    const list = (await smart.call('GET', '/themes')).json();
    expect(list.at(-1)).toMatchObject({ name: 'Il nostro bis', isCustom: true });
    // Another club's custom theme is not a choice.
    const refusedTheme = await free.call('PATCH', '', { themeId: saved.json().id });
    expect(refusedTheme.statusCode).toBe(400);
    expect((await free.call('POST', '/menu', { name: 'X', themeId: saved.json().id })).statusCode).toBe(400);

    const invalid = await smart.call('PUT', '/themes/custom', {
      ...custom,
      main: 'green',
      font: 'Comic Sans',
    });
    expect(invalid.statusCode).toBe(400);
    expect(
      invalid
        .json()
        .issues.map((issue: { path: string }) => issue.path)
        .sort(),
    ).toEqual(['body.font', 'body.main']);
  });
});
