import { CheckCircle2, Circle, Loader2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { ANALYSIS_MAX_STEP_PERCENT, ANALYSIS_THRESHOLDS, ANALYSIS_TICK_MS } from '@gradelens/shared';
import { Button } from '@/components/ui/button';

const ALWAYS_DONE = ['Image preprocessing', 'Card detection and extraction'];
const STAGES = [
  { label: 'Centering measurement', at: ANALYSIS_THRESHOLDS.centering },
  { label: 'Corner analysis', at: ANALYSIS_THRESHOLDS.corners },
  { label: 'Edge detection', at: ANALYSIS_THRESHOLDS.edges },
  { label: 'Surface condition assessment', at: ANALYSIS_THRESHOLDS.surface },
];

/** Progress advances by random steps of up to 5% every 300 ms; at 100% the analysis call fires. */
export function useAnalysisProgress(onComplete: () => void) {
  const [progress, setProgress] = useState(0);
  useEffect(() => {
    if (progress >= 100) return;
    const timer = setTimeout(() => setProgress((p) => Math.min(100, p + Math.random() * ANALYSIS_MAX_STEP_PERCENT)), ANALYSIS_TICK_MS);
    return () => clearTimeout(timer);
  }, [progress]);
  useEffect(() => {
    if (progress >= 100) onComplete();
  }, [progress, onComplete]);
  return progress;
}

export function AnalysisProgress({ progress, busy, onViewResults }: { progress: number; busy: boolean; onViewResults: () => void }) {
  const complete = progress >= 100;
  const pct = Math.floor(progress);
  return (
    <div className="mx-auto max-w-xl space-y-6" aria-live="polite">
      <div className="text-center">
        <h3 className="text-xl font-semibold text-slate-900">{complete ? 'Completed' : 'Analyzing Your Card'}</h3>
        <p className="mt-1 text-sm text-slate-600">Our system examines your card images to determine its condition. This usually takes about 30 seconds.</p>
      </div>
      <div>
        <div className="mb-1 flex justify-between text-sm">
          <span className="text-slate-600">Progress</span>
          <span className="font-semibold text-slate-900">{pct}%</span>
        </div>
        <div role="progressbar" aria-valuenow={pct} aria-valuemin={0} aria-valuemax={100} aria-label="Analysis progress" className="h-3 overflow-hidden rounded-full bg-slate-200">
          <div className="h-full bg-brand-600 transition-all" style={{ width: `${pct}%` }} />
        </div>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <p className="mb-2 text-sm font-semibold text-slate-900">Completed</p>
          <ul className="space-y-1 text-sm text-slate-700" aria-label="Completed steps">
            {[...ALWAYS_DONE, ...STAGES.filter((s) => progress >= s.at).map((s) => s.label)].map((label) => (
              <li key={label} className="flex items-center gap-2">
                <CheckCircle2 className="size-4 text-green-600" aria-hidden /> {label}
              </li>
            ))}
          </ul>
        </div>
        <div>
          <p className="mb-2 text-sm font-semibold text-slate-900">In Progress</p>
          <ul className="space-y-1 text-sm text-slate-500" aria-label="Steps in progress">
            {STAGES.filter((s) => progress < s.at).map((s) => (
              <li key={s.label} className="flex items-center gap-2">
                <Circle className="size-4" aria-hidden /> {s.label}
              </li>
            ))}
          </ul>
        </div>
      </div>
      {complete ? (
        <div className="flex justify-center">
          <Button onClick={onViewResults} disabled={busy}>
            {busy ? <Loader2 className="animate-spin" /> : null} View Results
          </Button>
        </div>
      ) : (
        <p className="text-center text-sm font-medium text-amber-700">Please do not refresh or close this page.</p>
      )}
    </div>
  );
}
