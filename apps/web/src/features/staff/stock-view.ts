import type { FullMenu, MenuItem } from '@carta/contract/entities';
import { matchesSearch, searchWords } from '@carta/contract/search-text';

// The dishes as the calls and stock screen lists them (docs/product.md, Staff and roles): by menu and
// category in the guests' order, found by name, with the sold-out ones counted.

export type StockSection = { id: number; name: string; items: MenuItem[] };
export type StockMenu = { id: number; name: string; sections: StockSection[] };
export type StockFilter = { query: string; isOnlySoldOut: boolean };

/**
 * The menus' categories and dishes that match the filter: every word of the search in the dish's name or
 * its category's, and only the sold-out ones when asked. Empty categories and menus are left out.
 */
export const stockMenus = (
  menus: readonly FullMenu[],
  { query, isOnlySoldOut }: StockFilter,
): StockMenu[] => {
  const words = searchWords(query);
  const byPosition = <Entry extends { position: number }>(entries: readonly Entry[]) =>
    [...entries].sort((a, b) => a.position - b.position);
  return byPosition(menus)
    .map((menu) => ({
      id: menu.id,
      name: menu.name,
      sections: byPosition(menu.sections)
        .map((section) => ({
          id: section.id,
          name: section.name,
          items: byPosition(section.items).filter(
            (item) =>
              (!isOnlySoldOut || item.outOfStock) && matchesSearch(words, `${item.name} ${section.name}`),
          ),
        }))
        .filter((section) => section.items.length > 0),
    }))
    .filter((menu) => menu.sections.length > 0);
};

/** How many dishes are sold out across the menus: one dish in two menus counts twice, as guests see it. */
export const soldOutCount = (menus: readonly FullMenu[]): number =>
  menus.reduce(
    (count, menu) =>
      count +
      menu.sections.reduce(
        (inMenu, section) => inMenu + section.items.filter((item) => item.outOfStock).length,
        0,
      ),
    0,
  );

/** A menu's dishes with one marked sold out or back, as the list shows it before the server answers. */
export const withStock = (menu: FullMenu, itemId: number, outOfStock: boolean): FullMenu => ({
  ...menu,
  sections: menu.sections.map((section) => ({
    ...section,
    items: section.items.map((item) => (item.id === itemId ? { ...item, outOfStock } : item)),
  })),
});
