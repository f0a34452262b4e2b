import type { GradeCorrectionEntry } from '@gradelens/shared';

const GRADES = [
  ['overall', 'overallGrade'],
  ['corners', 'cornerGrade'],
  ['edges', 'edgeGrade'],
  ['surface', 'surfaceGrade'],
  ['centering', 'centeringGrade'],
] as const;

const shown = (value: unknown) => (value === null || value === undefined || value === '' ? '-' : String(value));

/** The audit trail of a grading for admins: who corrected it, when, and every grade and note from what to what. */
export function CorrectionsTrail({ corrections }: { corrections: GradeCorrectionEntry[] }) {
  return (
    <section
      aria-labelledby="corrections-heading"
      className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm"
    >
      <h2 id="corrections-heading" className="font-semibold text-slate-900">
        Grade corrections
      </h2>
      <ul className="mt-2 space-y-3">
        {corrections.map((c) => (
          <li key={c.id} data-testid="correction">
            <p>
              {new Date(c.createdAt).toLocaleString()} by {c.adminName ?? 'a former admin'}:{' '}
              {GRADES.map(
                ([label, field]) => `${label} ${shown(c.oldValues[field])} → ${shown(c.newValues[field])}`,
              ).join(', ')}
            </p>
            {shown(c.oldValues.notes) !== shown(c.newValues.notes) && (
              <dl className="mt-1 grid gap-1 text-slate-700 sm:grid-cols-[auto_1fr] sm:gap-x-3">
                <dt className="font-medium">Notes before</dt>
                <dd className="whitespace-pre-line">{shown(c.oldValues.notes)}</dd>
                <dt className="font-medium">Notes after</dt>
                <dd className="whitespace-pre-line">{shown(c.newValues.notes)}</dd>
              </dl>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
