/**
 * How a list looks after an owner's change, as the server will have it: the screens show it at once,
 * and the server's answer then replaces it (or puts it back on failure).
 */

/** Moves `row` to `position` in `rows`, as the list will look once the server has it. */
export const moved = <Row extends { id: number }>(rows: Row[], row: Row, position: number) => {
  const rest = rows.filter((candidate) => candidate.id !== row.id);
  rest.splice(position, 0, row);
  return rest.map((candidate, index) => ({ ...candidate, position: index }));
};

/** A menu with one category's items changed, the other categories as they were. */
export const withSectionItems = <
  Item,
  Section extends { id: number; items: Item[] },
  Menu extends { sections: Section[] },
>(
  menu: Menu,
  sectionId: number,
  change: (items: Item[]) => Item[],
): Menu => ({
  ...menu,
  sections: menu.sections.map((section) =>
    section.id === sectionId ? { ...section, items: change(section.items) } : section,
  ),
});

/** A selection with `id` added, or taken out when it was in. */
export const toggledIn = <Id>(selection: ReadonlySet<Id>, id: Id): Set<Id> => {
  const next = new Set(selection);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
};
