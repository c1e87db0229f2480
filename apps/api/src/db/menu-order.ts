import { asc } from 'drizzle-orm';
import { menuItems, menuSections, menus } from './schema.ts';

// The order a club's menus are read in, as the owner's lists show them: menus, then their categories, then
// their dishes, each by position, the id settling a tie. Promotions and prices by time list dishes in it.

/** Categories in menu order, for a query that joins `menus` and `menuSections`. */
export const sectionsInMenuOrder = [
  asc(menus.position),
  asc(menus.id),
  asc(menuSections.position),
  asc(menuSections.id),
];

/** Dishes in menu order, for a query that joins `menus`, `menuSections` and `menuItems`. */
export const itemsInMenuOrder = [...sectionsInMenuOrder, asc(menuItems.position), asc(menuItems.id)];
