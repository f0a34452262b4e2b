import { Link, useParams } from 'react-router';
import { useSubmission } from '@/features/in-person/api/submissions';
import { SubmissionView } from '@/features/in-person/components/submission-view';
import { LoadFailed } from '@/components/load-failed';
import { ApiError } from '@/lib/api';
import { usePageTitle } from '@/lib/page-title';
import { PageSpinner } from '../guards.tsx';
import { Missing } from './missing.tsx';

/** /submissions/:id: where an in-person submission stands, for its owner (and the admins). */
export function SubmissionPage() {
  const id = Number(useParams().id);
  const query = useSubmission(id);
  const valid = Number.isInteger(id) && id > 0;
  const missing = !valid || (query.error instanceof ApiError && query.error.status === 404);
  usePageTitle(missing ? 'Submission Not Found' : `Submission #${id}`);
  if (missing) {
    return (
      <Missing
        title="Submission Not Found"
        message="There is no submission with that number in your account."
        back={{ to: '/profile', label: 'Back to Profile' }}
      />
    );
  }
  if (query.isPending) return <PageSpinner />;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <Link to="/profile" className="text-sm font-medium text-brand-600 hover:underline">
        ← Back to Profile
      </Link>
      <h1 className="mt-4 text-3xl font-bold text-slate-900">Submission #{id}</h1>
      <p className="mt-1 text-slate-600">In-person grading</p>
      <div className="mt-8">
        {query.isError ? (
          <LoadFailed what="the submission" onRetry={() => void query.refetch()} />
        ) : (
          <SubmissionView submission={query.data} />
        )}
      </div>
    </div>
  );
}
