import { describe, expect, it } from 'vitest';
import { itemStateChange, withItemState } from '../src/features/menus/item-states.ts';
import { moved, toggledIn, withSectionItems } from '../src/features/menus/list-changes.ts';
import { category, dish } from './menus-fixtures.ts';

describe('a row dragged to a new place', () => {
  const rows = [
    { id: 1, position: 0 },
    { id: 2, position: 1 },
    { id: 3, position: 2 },
  ];

  it('shows the list in its new order, positions counted again from 0', () => {
    expect(moved(rows, { id: 3, position: 2 }, 0)).toEqual([
      { id: 3, position: 0 },
      { id: 1, position: 1 },
      { id: 2, position: 2 },
    ]);
    expect(moved(rows, { id: 1, position: 0 }, 2).map((row) => row.id)).toEqual([2, 3, 1]);
  });

  it('leaves the list as it was when dropped where it was', () => {
    expect(moved(rows, { id: 2, position: 1 }, 1)).toEqual(rows);
  });
});

describe("a category's dishes changed in place", () => {
  const menu = { sections: [category(1, [dish(1), dish(2)]), category(2, [dish(3)])] };

  it('changes only that category', () => {
    const changed = withSectionItems(menu, 1, (items) => items.slice(1));
    expect(changed.sections[0]?.items.map((item) => item.id)).toEqual([2]);
    expect(changed.sections[1]).toBe(menu.sections[1]);
    // The cached menu is never changed in place: the server's answer replaces the copy.
    expect(menu.sections[0]?.items).toHaveLength(2);
  });

  it('marks the picked dishes sold out at once, the others as they were', () => {
    const items = withItemState([dish(1), dish(2), dish(3)], [1, 3], 'outOfStock', true);
    expect(items.map((item) => item.outOfStock)).toEqual([true, false, true]);
    expect(withItemState(items, [1], 'outOfStock', false)[0]?.outOfStock).toBe(false);
  });

  it('sends one state for the picked dishes only', () => {
    expect(itemStateChange([4, 7], 'bestSeller', true)).toEqual({
      items: [
        { id: 4, bestSeller: true },
        { id: 7, bestSeller: true },
      ],
    });
  });
});

describe('the dishes picked for a bulk change', () => {
  it('adds a dish a click picks and drops it on a second click', () => {
    const picked = toggledIn(new Set([1]), 2);
    expect([...picked]).toEqual([1, 2]);
    expect([...toggledIn(picked, 1)]).toEqual([2]);
  });
});
