import { Check } from 'lucide-react';
import { cn } from '@/lib/utils';

export const GRADING_STEPS = ['upload', 'metadata', 'analysis', 'complete'] as const;
export type GradingStep = (typeof GRADING_STEPS)[number];
const LABELS: Record<GradingStep, string> = {
  upload: 'Upload',
  metadata: 'Details',
  analysis: 'Analysis',
  complete: 'Results',
};

/** Upload, Details, Analysis, Results: done and current steps highlighted, bars filled between them. */
export function StepIndicator({ current }: { current: GradingStep }) {
  const at = GRADING_STEPS.indexOf(current);
  return (
    <ol aria-label="Grading steps" className="flex items-center">
      {GRADING_STEPS.map((step, i) => (
        <li
          key={step}
          className={cn('flex items-center', i < GRADING_STEPS.length - 1 && 'flex-1')}
          aria-current={i === at ? 'step' : undefined}
        >
          <div className="flex flex-col items-center gap-1">
            <span
              className={cn(
                'flex size-9 items-center justify-center rounded-full text-sm font-semibold',
                i <= at ? 'bg-brand-600 text-white' : 'bg-slate-200 text-slate-500',
              )}
            >
              {i < at ? <Check className="size-4" aria-hidden /> : i + 1}
            </span>
            <span className={cn('text-xs font-medium', i <= at ? 'text-brand-700' : 'text-slate-500')}>
              {LABELS[step]}
            </span>
          </div>
          {i < GRADING_STEPS.length - 1 && (
            <span className={cn('mx-2 mb-5 h-1 flex-1 rounded', i < at ? 'bg-brand-600' : 'bg-slate-200')} />
          )}
        </li>
      ))}
    </ol>
  );
}
