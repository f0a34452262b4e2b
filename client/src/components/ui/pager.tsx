import { Button } from './button.tsx';

/** Previous and Next under a paged list, with 'Page x of y'; nothing when everything fits on one page. */
export function Pager({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages === 1 && page === 1) return null;
  return (
    <nav aria-label="Pages" className="flex items-center justify-center gap-3 text-sm text-slate-600">
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(Math.min(page - 1, pages))}>
        Previous
      </Button>
      <span>
        Page {page} of {pages}
      </span>
      <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}
