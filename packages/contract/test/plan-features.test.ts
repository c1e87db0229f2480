import { describe, expect, it } from 'vitest';
import { withheldMenuIds } from '../src/plan-features.ts';

const free = { isSmart: false };
const smart = { isSmart: true };
const menu = (id: number, position: number, enabled = true) => ({ id, position, enabled });

describe('withheldMenuIds', () => {
  it('withholds nothing on a plan with unlimited menus', () => {
    expect(withheldMenuIds(smart, [menu(1, 0), menu(2, 1), menu(3, 2)])).toEqual(new Set());
  });

  it("withholds the enabled menus after the first two in the owner's order (position, then id)", () => {
    expect(withheldMenuIds(free, [menu(7, 2), menu(5, 0), menu(9, 1), menu(4, 1)])).toEqual(new Set([9, 7]));
  });

  it('counts enabled menus only, so a disabled one leaves room for the next', () => {
    expect(withheldMenuIds(free, [menu(1, 0, false), menu(2, 1), menu(3, 2), menu(4, 3)])).toEqual(
      new Set([4]),
    );
    expect(withheldMenuIds(free, [menu(1, 0), menu(2, 1)])).toEqual(new Set());
  });
});
