import { IN_PERSON_STATUS_LABELS, type InPersonStatus } from '@gradelens/shared';
import { cn } from '@/lib/utils';

const STATUS_STYLE: Record<InPersonStatus, string> = {
  pending: 'bg-amber-100 text-amber-800',
  received: 'bg-sky-100 text-sky-800',
  grading: 'bg-violet-100 text-violet-800',
  shipped: 'bg-brand-50 text-brand-700',
  completed: 'bg-green-100 text-green-800',
  cancelled: 'bg-slate-200 text-slate-700',
};

/** The status as a word the code and tests use, with its label for people. */
export function StatusBadge({ status }: { status: InPersonStatus }) {
  return (
    <span
      className={cn('inline-flex rounded-full px-2 py-0.5 text-xs font-semibold', STATUS_STYLE[status])}
      data-testid="submission-status"
      data-status={status}
    >
      {IN_PERSON_STATUS_LABELS[status]}
    </span>
  );
}

export const formatDate = (iso: string) => new Date(iso).toLocaleDateString();
export const formatDateTime = (iso: string) => new Date(iso).toLocaleString();
