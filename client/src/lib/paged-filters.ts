import { useCallback, useState } from 'react';

/** A paged list's filters: changing any of them goes back to the first page. */
export function usePagedFilters<F extends object>(initial: F) {
  const [filters, setFilters] = useState(initial);
  const [page, setPage] = useState(1);
  const setFilter = useCallback((next: Partial<F>) => {
    setFilters((current) => ({ ...current, ...next }));
    setPage(1);
  }, []);
  return { filters, setFilter, page, setPage };
}
