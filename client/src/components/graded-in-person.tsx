import { UserCheck } from 'lucide-react';
import { IN_PERSON_GRADING_METHOD } from '@gradelens/shared';
import { cn } from '@/lib/utils';

/** 'Graded in person' beside a grading a person made from an in-person submission; nothing for any other. */
export function GradedInPersonMark({ method, className }: { method: string | null; className?: string }) {
  if (method !== IN_PERSON_GRADING_METHOD) return null;
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full bg-green-50 px-2 py-0.5 text-xs font-semibold text-green-800',
        className,
      )}
      data-testid="graded-in-person"
    >
      <UserCheck className="size-3.5" aria-hidden /> Graded in person
    </span>
  );
}
