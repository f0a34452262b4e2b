import { CheckCircle2, Circle, Loader2 } from 'lucide-react';
import type { Progress } from '../api/outline.ts';

/** The engine's real stages, in order, as the server reports them while the analyze call runs. */
const STAGES = [
  { stage: 'decode', label: 'Reading the photos' },
  { stage: 'find', label: 'Finding the card' },
  { stage: 'measure', label: 'Measuring centering, corners, edges and surface' },
  { stage: 'report', label: 'Writing the report' },
] as const;

const position = (stage: Progress['stage']) => {
  if (stage === 'done') return STAGES.length;
  const i = STAGES.findIndex((s) => s.stage === stage);
  return i < 0 ? 0 : i;
};

/**
 * The analysis screen: the analyze call runs from the first moment, and each step turns done as
 * the server reaches the next, never on a timer.
 */
export function AnalysisStages({ stage }: { stage: Progress['stage'] }) {
  const at = position(stage);
  return (
    <div className="mx-auto max-w-xl space-y-6" aria-live="polite">
      <div className="text-center">
        <h3 className="text-xl font-semibold text-slate-900">Analyzing Your Card</h3>
        <p className="mt-1 text-sm text-slate-600">
          We are measuring your photos now. This usually takes a few seconds.
        </p>
      </div>
      <ol className="space-y-2" aria-label="Analysis steps">
        {STAGES.map((s, i) => {
          const state = i < at ? 'done' : i === at ? 'running' : 'waiting';
          return (
            <li
              key={s.stage}
              className="flex items-center gap-3 text-sm"
              data-state={state}
              data-testid={`stage-${s.stage}`}
            >
              {state === 'done' ? (
                <CheckCircle2 className="size-5 text-green-600" aria-hidden />
              ) : state === 'running' ? (
                <Loader2 className="size-5 animate-spin text-brand-600" aria-hidden />
              ) : (
                <Circle className="size-5 text-slate-300" aria-hidden />
              )}
              <span className={state === 'waiting' ? 'text-slate-500' : 'font-medium text-slate-900'}>{s.label}</span>
              <span className="sr-only">
                {state === 'done' ? ', done' : state === 'running' ? ', in progress' : ', waiting'}
              </span>
            </li>
          );
        })}
      </ol>
      <p className="text-center text-sm font-medium text-amber-700">Please do not refresh or close this page.</p>
    </div>
  );
}
