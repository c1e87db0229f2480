import { describe, expect, it } from 'vitest';
import { menuSearchMatches } from '../src/features/menus/menu-search.ts';
import { category, dish } from './menus-fixtures.ts';

const menu = {
  sections: [
    category(1, [
      dish(1, { name: 'Bruschetta', description: 'Pomodoro e basilico' }),
      dish(2, { name: 'Olive ascolane' }),
    ]),
    category(2, [dish(3, { name: 'Spaghetti al pomodoro', ingredients: 'Pomodoro, basilico, parmigiano' })]),
  ],
};

describe("searching a whole menu from a category's screen", () => {
  it('finds dishes in every category by name, description or ingredients, with their category', () => {
    const matches = menuSearchMatches(menu, 'basilico pomodoro');
    expect(matches.map(({ item, section }) => [item.name, section.name])).toEqual([
      ['Bruschetta', 'Categoria 1'],
      ['Spaghetti al pomodoro', 'Categoria 2'],
    ]);
  });

  it('ignores case and accents, and finds nothing for a word no dish holds', () => {
    expect(menuSearchMatches(menu, 'OLÌVE').map(({ item }) => item.id)).toEqual([2]);
    expect(menuSearchMatches(menu, 'tiramisù')).toEqual([]);
  });
});
