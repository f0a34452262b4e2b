import { adminBadgeTier } from '@gradelens/shared';
import { cn } from '@/lib/utils';

const TIER_CLASSES = {
  default: 'bg-brand-600 text-white',
  secondary: 'bg-slate-200 text-slate-900',
  destructive: 'bg-red-600 text-white',
} as const;

export function GradeBadge({ grade }: { grade: number | null }) {
  if (grade === null)
    return (
      <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-600">Not Graded</span>
    );
  return (
    <span className={cn('rounded-full px-2 py-0.5 text-xs font-semibold', TIER_CLASSES[adminBadgeTier(grade)])}>
      Grade {grade}
    </span>
  );
}
