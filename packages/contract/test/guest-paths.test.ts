import { describe, expect, it } from 'vitest';
import { guestMenuPath, guestTablePath, guestWaiterPath, isGuestPagePath } from '../src/guest-paths.ts';

describe('guest paths', () => {
  // Printed on every table's QR code: a change here breaks codes already in restaurants.
  it('keep the address printed in QR codes', () => {
    expect(guestTablePath(12, 3)).toBe('/public/qrcodemenu/12/3');
    expect(guestTablePath('12', 3)).toBe('/public/qrcodemenu/12/3');
  });

  it('build the menu and waiter addresses, and the route patterns from the same words', () => {
    expect(guestMenuPath(12, 3, 7)).toBe('/public/menu/12/3/7');
    expect(guestWaiterPath(12, 3)).toBe('/public/waiter/12/3');
    expect(guestMenuPath(':clubId', ':tableId', ':menuId')).toBe('/public/menu/:clubId/:tableId/:menuId');
  });

  it('tell the guest pages from the other public files', () => {
    expect(isGuestPagePath(guestTablePath(1, 2))).toBe(true);
    expect(isGuestPagePath(guestMenuPath(1, 2, 3))).toBe(true);
    expect(isGuestPagePath('/public/assets/guest-0123456789ab.js')).toBe(false);
    expect(isGuestPagePath('/public/menus')).toBe(false);
  });
});
