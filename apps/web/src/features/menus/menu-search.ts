import type { FullMenu, MenuItem, MenuSection } from '@carta/contract/entities';
import { matchesSearch, searchWords } from '@carta/contract/search-text';

/**
 * The dishes of a whole menu whose name, description, ingredients or variants' names hold every word of
 * `query`, with their category.
 */
export const menuSearchMatches = (
  menu: Pick<FullMenu, 'sections'>,
  query: string,
): { item: MenuItem; section: MenuSection }[] => {
  const words = searchWords(query);
  return menu.sections.flatMap((section) =>
    section.items
      .filter((item) =>
        matchesSearch(
          words,
          [item.name, item.description, item.ingredients, ...item.variants.map((variant) => variant.name)]
            .filter(Boolean)
            .join(' '),
        ),
      )
      .map((item) => ({ item, section })),
  );
};
