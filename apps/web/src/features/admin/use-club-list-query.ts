import { ADMIN_CLUB_FILTERS } from '@carta/contract/admin';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDebounced } from '../../lib/use-debounced.ts';

type Filter = (typeof ADMIN_CLUB_FILTERS)[number];
const isFilter = (value: unknown): value is Filter => ADMIN_CLUB_FILTERS.includes(value as Filter);

/**
 * Which venues the list asks for: the filter (kept in the address, `?filter=`), the search (the
 * activation page links here with the venue's name, `?search=`), the page and its size.
 */
export const useClubListQuery = () => {
  const [searchParameters, setSearchParameters] = useSearchParams();
  const filterParameter = searchParameters.get('filter');
  const filter: Filter = isFilter(filterParameter) ? filterParameter : 'waiting';
  const [search, setSearch] = useState(() => searchParameters.get('search') ?? '');
  const debouncedSearch = useDebounced(search.trim(), 300);
  // A new filter or search starts again from its first page.
  const listKey = `${filter}|${debouncedSearch}`;
  const [paging, setPaging] = useState({ listKey, page: 1 });
  const page = paging.listKey === listKey ? paging.page : 1;
  const setPage = (next: number) => setPaging({ listKey, page: next });
  const [pageSize, setPageSize] = useState(20);
  const setFilter = (name: Filter) =>
    setSearchParameters((current) => ({ ...Object.fromEntries(current), filter: name }));
  return { filter, setFilter, search, setSearch, debouncedSearch, page, setPage, pageSize, setPageSize };
};
