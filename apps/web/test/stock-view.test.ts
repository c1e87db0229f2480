import type { FullMenu, MenuItem } from '@carta/contract/entities';
import { describe, expect, it } from 'vitest';
import { invitationOf, isEmailConfirmedBy, signupSteps } from '../src/features/signup/invitation-signup.ts';
import { soldOutCount, stockMenus, withStock } from '../src/features/staff/stock-view.ts';

const item = (id: number, name: string, position: number, outOfStock = false) =>
  ({ id, name, position, outOfStock, disabled: false }) as MenuItem;

const menu = (id: number, name: string, position: number, sections: FullMenu['sections']) =>
  ({ id, name, position, sections }) as FullMenu;

const section = (id: number, name: string, position: number, items: MenuItem[]) =>
  ({ id, name, position, disabled: false, items, translations: {} }) as FullMenu['sections'][number];

const menus = [
  menu(2, 'Vini', 2, [section(20, 'Rossi', 1, [item(201, 'Chianti', 1, true)])]),
  menu(1, 'Pranzo', 1, [
    section(11, 'Secondi', 2, [item(111, 'Tagliata', 1)]),
    section(10, 'Primi', 1, [item(102, 'Carbonara', 2, true), item(101, 'Cacio e pepe', 1)]),
  ]),
];

describe('the calls and stock screen', () => {
  it('lists menus, categories and dishes in the order guests see them', () => {
    const shown = stockMenus(menus, { query: '', isOnlySoldOut: false });
    expect(shown.map((one) => one.name)).toEqual(['Pranzo', 'Vini']);
    expect(shown[0]?.sections.map((one) => one.name)).toEqual(['Primi', 'Secondi']);
    expect(shown[0]?.sections[0]?.items.map((one) => one.name)).toEqual(['Cacio e pepe', 'Carbonara']);
  });

  it('finds dishes by name or category, accents and case aside, and leaves empty groups out', () => {
    expect(stockMenus(menus, { query: 'CARBON', isOnlySoldOut: false }).map((one) => one.name)).toEqual([
      'Pranzo',
    ]);
    const reds = stockMenus(menus, { query: 'rossi', isOnlySoldOut: false });
    expect(reds.flatMap((one) => one.sections.flatMap((s) => s.items.map((i) => i.name)))).toEqual([
      'Chianti',
    ]);
    expect(stockMenus(menus, { query: 'pizza', isOnlySoldOut: false })).toEqual([]);
  });

  it('shows only the sold-out dishes when asked, and counts them', () => {
    const out = stockMenus(menus, { query: '', isOnlySoldOut: true });
    expect(out.flatMap((one) => one.sections.flatMap((s) => s.items.map((i) => i.name)))).toEqual([
      'Carbonara',
      'Chianti',
    ]);
    expect(soldOutCount(menus)).toBe(2);
  });

  it('marks one dish before the server answers, leaving the others as they were', () => {
    const [, lunch] = menus;
    if (!lunch) throw new Error('no menu');
    const changed = withStock(lunch, 101, true);
    expect(soldOutCount([changed])).toBe(2);
    // The menu as it was stays as it was: the cache's old value is not changed in place.
    expect(soldOutCount([lunch])).toBe(1);
    expect(soldOutCount([withStock(lunch, 102, false)])).toBe(0);
  });
});

describe('a sign-up from an invitation', () => {
  it('reads the invitation the link page hands over, and nothing else', () => {
    expect(invitationOf({ invitationToken: 'abc', invitationEmail: 'anna@example.com' })).toEqual({
      token: 'abc',
      email: 'anna@example.com',
    });
    expect(invitationOf({ invitationToken: 'abc', invitationEmail: null })).toEqual({
      token: 'abc',
      email: null,
    });
    expect(invitationOf(null)).toBeNull();
    expect(invitationOf({ from: '/x' })).toBeNull();
    expect(invitationOf({ invitationToken: '' })).toBeNull();
  });

  it('skips the club step', () => {
    expect(signupSteps(null)).toEqual([0, 1, 2, 3]);
    expect(signupSteps({ token: 'abc', email: null })).toEqual([0, 1, 3]);
  });

  it('counts the email as confirmed only when it is the one the invitation went to', () => {
    const invitation = { token: 'abc', email: 'Anna@Example.com' };
    expect(isEmailConfirmedBy(invitation, ' anna@example.com ')).toBe(true);
    expect(isEmailConfirmedBy(invitation, 'other@example.com')).toBe(false);
    expect(isEmailConfirmedBy({ token: 'abc', email: null }, 'anna@example.com')).toBe(false);
  });
});
