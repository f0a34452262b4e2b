import { Link } from 'react-router';
import { IN_PERSON_SERVICE_NAMES, formatDollars } from '@gradelens/shared';
import { Button } from '@/components/ui/button';
import { useMySubmissions } from '../api/submissions.ts';
import { LoadFailed } from '@/components/load-failed';
import { formatDate, StatusBadge } from './status.tsx';

/** The profile's 'My submissions': each in-person submission with its status and a link to its page. */
export function MySubmissions() {
  const query = useMySubmissions();
  if (query.isPending) return <p className="text-slate-500">Loading…</p>;
  if (query.isError) return <LoadFailed what="your submissions" onRetry={() => void query.refetch()} />;
  if (query.data.length === 0) {
    return (
      <div className="rounded-xl border border-dashed border-slate-300 p-10 text-center">
        <p className="font-medium text-slate-900">No in-person submissions yet</p>
        <p className="mt-1 text-sm text-slate-600">Send your cards to be graded by a person.</p>
        <Button asChild className="mt-3">
          <Link to="/submit">Submit cards</Link>
        </Button>
      </div>
    );
  }
  return (
    <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
      {query.data.map((s) => (
        <li
          key={s.id}
          className="flex flex-wrap items-center justify-between gap-2 p-4 text-sm"
          data-testid="my-submission"
        >
          <span className="min-w-0">
            <span className="block font-semibold text-slate-900">Submission #{s.id}</span>
            <span className="block text-slate-600">
              {s.totalCards} card{s.totalCards === 1 ? '' : 's'} · {IN_PERSON_SERVICE_NAMES[s.serviceType]} ·{' '}
              {formatDollars(s.totalCost)} · sent {formatDate(s.createdAt)}
            </span>
          </span>
          <StatusBadge status={s.status} />
          <Link to={`/submissions/${s.id}`} className="font-medium text-brand-600 hover:underline">
            View status
          </Link>
        </li>
      ))}
    </ul>
  );
}
