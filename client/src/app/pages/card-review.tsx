import { useState } from 'react';
import { Link } from 'react-router';
import { subgradeText, type CardGrading } from '@gradelens/shared';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Pager } from '@/components/ui/pager';
import { useAdminGradings, type GradingFilters } from '@/features/admin/api/admin-gradings';
import { EditGradeDialog } from '@/features/admin/components/edit-grade-dialog';
import { GradeBadge } from '@/components/grade-badge';
import { LoadFailed } from '@/components/load-failed';
import { PageShell } from './page-shell.tsx';
import { usePageTitle } from '@/lib/page-title';
import { NativeSelect } from '@/components/ui/select';

const EMPTY: GradingFilters = { grade: '', cardName: '', userId: '' };

export function CardReviewPage() {
  usePageTitle('Card Review');
  const [draft, setDraft] = useState<GradingFilters>(EMPTY);
  const [applied, setApplied] = useState<GradingFilters>(EMPTY);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<CardGrading | null>(null);
  const query = useAdminGradings(applied, page);
  const search = (filters: GradingFilters) => {
    setApplied(filters);
    setPage(1);
  };
  return (
    <PageShell title="Card Review" description="Find graded cards and correct their grades.">
      <form
        className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-[140px_1fr_140px_auto]"
        onSubmit={(e) => {
          e.preventDefault();
          search(draft);
        }}
      >
        <div className="space-y-1">
          <Label htmlFor="review-grade">Grade</Label>
          <NativeSelect
            id="review-grade"
            className="w-full"
            value={draft.grade}
            onChange={(e) => setDraft({ ...draft, grade: e.target.value })}
          >
            <option value="">Any</option>
            {Array.from({ length: 10 }, (_, i) => (
              <option key={i + 1} value={i + 1}>
                {i + 1}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="space-y-1">
          <Label htmlFor="review-name">Card name</Label>
          <Input
            id="review-name"
            value={draft.cardName}
            onChange={(e) => setDraft({ ...draft, cardName: e.target.value })}
          />
        </div>
        <div className="space-y-1">
          <Label htmlFor="review-user">User ID</Label>
          <Input
            id="review-user"
            inputMode="numeric"
            value={draft.userId}
            onChange={(e) => setDraft({ ...draft, userId: e.target.value.replace(/\D/g, '') })}
          />
        </div>
        <div className="flex items-end gap-2">
          <Button type="submit">Search</Button>
          <Button
            type="button"
            variant="outline"
            onClick={() => {
              setDraft(EMPTY);
              search(EMPTY);
            }}
          >
            Clear
          </Button>
        </div>
      </form>
      <div className="mt-6 space-y-3">
        {query.isError ? (
          <LoadFailed what="cards" onRetry={() => void query.refetch()} />
        ) : query.isPending ? (
          <p className="text-sm text-slate-500">Loading…</p>
        ) : query.data.total === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600">
            No cards found matching your search criteria.
          </p>
        ) : (
          <>
            <p className="text-sm text-slate-600">Found {query.data.total} card(s)</p>
            <ul className="space-y-3">
              {query.data.items.map((g) => (
                <li
                  key={g.id}
                  className="rounded-xl border border-slate-200 bg-white p-4 text-sm"
                  data-testid={`review-${g.id}`}
                >
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <p className="font-semibold text-slate-900">{g.cardName ?? `Card #${g.id}`}</p>
                    <GradeBadge grade={g.overallGrade} />
                  </div>
                  <p className="text-slate-600">
                    Corners {g.cornerGrade ?? '-'} · Edges {g.edgeGrade ?? '-'} · Surface {g.surfaceGrade ?? '-'} ·
                    Centering {subgradeText(g.centeringGrade, g.overallGrade !== null)}
                  </p>
                  <p className="text-xs text-slate-500">
                    ID {g.id} · User {g.userId} · {[g.cardSet, g.year].filter(Boolean).join(' · ')} ·{' '}
                    {new Date(g.createdAt).toLocaleDateString()}
                  </p>
                  {g.notes && <p className="mt-1 line-clamp-2 text-xs text-slate-600">{g.notes}</p>}
                  <div className="mt-2 flex gap-2">
                    <Button asChild size="sm" variant="outline">
                      <Link to={`/card/${g.id}`}>View</Link>
                    </Button>
                    <Button size="sm" onClick={() => setEditing(g)}>
                      Edit
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
            <Pager page={page} pageSize={query.data.pageSize} total={query.data.total} onPage={setPage} />
          </>
        )}
      </div>
      <EditGradeDialog grading={editing} onClose={() => setEditing(null)} />
    </PageShell>
  );
}
