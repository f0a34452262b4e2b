import { AlertTriangle, BadgeCheck, Star, StarHalf } from 'lucide-react';
import type { CenteringFace, Face, Frame, GradeReport } from '@gradelens/shared';
import {
  gradeColour,
  halfPointOf,
  isLowConfidence,
  NOT_MEASURED,
  overallLabel,
  professionalScaleLabel,
  starRating,
} from '@gradelens/shared';
import { Photo } from '@/components/photo';
import { cn } from '@/lib/utils';
import { categoryDescription, GRADE_COLOUR_CLASSES } from '../grade-text.ts';
import { MeasuredFaces } from './face-viewer.tsx';
import type { ReportGrades } from './report-grades.ts';

export { toReportGrades, type ReportGrades } from './report-grades.ts';

export function Stars({ grade }: { grade: number }) {
  const { full, half } = starRating(grade);
  return (
    <div className="flex text-amber-400" role="img" aria-label={`${full + (half ? 0.5 : 0)} of 5 stars`}>
      {Array.from({ length: full }, (_, i) => (
        <Star key={i} className="size-5 fill-current" aria-hidden />
      ))}
      {half && <StarHalf className="size-5 fill-current" aria-hidden />}
    </div>
  );
}

const CATEGORIES = [
  { key: 'centering', label: 'Centering', field: 'centeringGrade' },
  { key: 'corners', label: 'Corners', field: 'cornerGrade' },
  { key: 'edges', label: 'Edges', field: 'edgeGrade' },
  { key: 'surface', label: 'Surface', field: 'surfaceGrade' },
] as const;

/** The grade, its breakdown (each category's own grade), the notes and what the engine measured. */
export function GradeReportView({
  grades,
  onSaveLines,
  savingLines,
}: {
  grades: ReportGrades;
  onSaveLines?: (lines: Partial<Record<Face, Frame>>) => void;
  savingLines?: boolean;
}) {
  const overall = grades.overallGrade;
  const colour = GRADE_COLOUR_CLASSES[gradeColour(overall)];
  const corrected = grades.correction ?? null;
  const split = (text: string | null | undefined) =>
    (text ?? '')
      .split(/\n\s*\n/)
      .map((p) => p.trim())
      .filter(Boolean);
  const paragraphs = split(grades.notes);
  const report = grades.analysis ?? null;
  // After a grader's correction the engine's notes no longer describe the grades: kept, marked superseded.
  const engineNotes = corrected && report ? split(report.notes) : [];
  return (
    <div className="space-y-6">
      <div className="flex flex-col items-center gap-2 rounded-xl border border-slate-200 bg-white p-6 text-center">
        <p className="text-sm font-medium uppercase tracking-wide text-slate-500">Overall Grade</p>
        <p className={cn('text-6xl font-extrabold', colour.text)} data-testid="overall-grade">
          {overall}
        </p>
        <HalfPoint value={halfPointOf(report?.scores, Boolean(corrected), 'overall', overall)} />
        <p className="text-lg font-semibold text-slate-900">{overallLabel(overall)}</p>
        <Stars grade={overall} />
        {corrected ? (
          <span
            className="mt-1 inline-flex items-center gap-1 rounded-full bg-green-50 px-3 py-1 text-xs font-semibold text-green-800"
            data-testid="corrected-badge"
          >
            <BadgeCheck className="size-4" aria-hidden /> Corrected by a grader on{' '}
            {new Date(corrected.at).toLocaleDateString()}
          </span>
        ) : (
          grades.aiPowered && (
            <span className="mt-1 inline-flex items-center gap-1 rounded-full bg-brand-50 px-3 py-1 text-xs font-semibold text-brand-700">
              <BadgeCheck className="size-4" aria-hidden /> AI-Powered Grading
            </span>
          )
        )}
        {grades.centeringSetByOwner && <span className="text-xs text-slate-600">Centering lines set by the owner</span>}
        {report && isLowConfidence(report) && <LowConfidence report={report} />}
      </div>

      <section aria-labelledby="breakdown-heading" className="rounded-xl border border-slate-200 bg-white p-6">
        <h3 id="breakdown-heading" className="text-lg font-semibold text-slate-900">
          Grade Breakdown
        </h3>
        <ul className="mt-4 space-y-4">
          {CATEGORIES.map((c) => {
            const score = grades[c.field];
            if (score === null) return <NotMeasured key={c.key} label={c.label} report={report} />;
            const cc = GRADE_COLOUR_CLASSES[gradeColour(score)];
            return (
              <li key={c.key} data-testid={`category-${c.key}`}>
                <div className="flex items-baseline justify-between">
                  <span className="font-medium text-slate-900">{c.label}</span>
                  <span className={cn('font-bold', cc.text)}>
                    {score}/10 <HalfPoint value={halfPointOf(report?.scores, Boolean(corrected), c.key, score)} />
                  </span>
                </div>
                <div className="mt-1 h-2 rounded-full bg-slate-100">
                  <div className={cn('h-2 rounded-full', cc.bar)} style={{ width: `${score * 10}%` }} />
                </div>
                <p className="mt-1 text-sm text-slate-600">{categoryDescription(c.key, score)}</p>
                <p className="text-xs text-slate-500">{professionalScaleLabel(score)}</p>
                {c.key === 'centering' && report && (
                  <CenteringRatios front={report.centering.front} back={report.centering.back} />
                )}
              </li>
            );
          })}
        </ul>
        <p className="mt-4 text-xs text-slate-500">
          Professional graders typically require centering of 60/40 or better on the front for the highest grades.
        </p>
      </section>

      <section aria-labelledby="notes-heading" className="rounded-xl border border-slate-200 bg-white p-6">
        <h3 id="notes-heading" className="text-lg font-semibold text-slate-900">
          {corrected ? 'Grader’s Notes' : 'Professional Analysis Notes'}
        </h3>
        {!corrected && grades.aiPowered && grades.gradingMethod && (
          <p className="mt-1 text-xs text-slate-500">Method: {grades.gradingMethod}</p>
        )}
        {paragraphs.length ? (
          <div className="mt-3 space-y-3 text-sm text-slate-700">
            {paragraphs.map((p, i) => (
              <p key={i}>{p}</p>
            ))}
          </div>
        ) : (
          <p className="mt-3 text-sm text-slate-600">No detailed analysis available for this card.</p>
        )}
      </section>

      {engineNotes.length > 0 && (
        <details
          className="rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm text-slate-600"
          data-testid="superseded-notes"
        >
          <summary className="cursor-pointer font-medium">
            The engine’s original notes (superseded by the grader’s correction)
          </summary>
          <div className="mt-2 space-y-2">
            {engineNotes.map((p, i) => (
              <p key={i}>{p}</p>
            ))}
          </div>
        </details>
      )}

      {report?.view && (grades.annotatedFrontPath || grades.annotatedBackPath) ? (
        <MeasuredFaces
          report={report}
          pictures={{ front: grades.annotatedFrontPath ?? null, back: grades.annotatedBackPath ?? null }}
          onSaveLines={corrected ? undefined : onSaveLines}
          saving={savingLines}
        />
      ) : (
        (grades.annotatedFrontPath || grades.annotatedBackPath) && (
          <section aria-labelledby="measured-heading" className="rounded-xl border border-slate-200 bg-white p-6">
            <h3 id="measured-heading" className="text-lg font-semibold text-slate-900">
              What we measured
            </h3>
            <p className="text-sm text-slate-600">
              Green: the card's edge. Blue: the inner edge of the printed border. Red boxes: wear we found.
            </p>
            <div className="mt-4 grid grid-cols-2 gap-4">
              {grades.annotatedFrontPath && (
                <Photo
                  src={grades.annotatedFrontPath}
                  alt="Front with measurements"
                  className="w-full rounded-lg ring-1 ring-slate-200"
                />
              )}
              {grades.annotatedBackPath && (
                <Photo
                  src={grades.annotatedBackPath}
                  alt="Back with measurements"
                  className="w-full rounded-lg ring-1 ring-slate-200"
                />
              )}
            </div>
          </section>
        )
      )}
    </div>
  );
}

/**
 * The engine was unsure: said beside the grade, with what made it unsure (the report's photo
 * warnings) and what to do, so a collector does not take an estimate for a measurement.
 */
function LowConfidence({ report }: { report: GradeReport }) {
  const reasons = [...new Set(report.warnings.map((w) => w.message))];
  return (
    <div
      className="mt-2 w-full rounded-lg bg-amber-50 p-3 text-left text-sm text-amber-900 ring-1 ring-amber-200"
      data-testid="low-confidence"
      role="note"
    >
      <p className="flex items-center gap-2 font-semibold">
        <AlertTriangle className="size-4 shrink-0" aria-hidden /> Low confidence
      </p>
      <p className="mt-1">
        The photos left parts of this card unclear, so this grade is an estimate that may be off by a grade or more.
        Retake the photos on a plain background in even light, with the card out of any holder and filling most of the
        picture.
      </p>
      {reasons.length > 0 && (
        <ul className="mt-1 list-disc pl-5">
          {reasons.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

function HalfPoint({ value }: { value: number | null }) {
  if (value === null) return null;
  return (
    <span
      className="ml-1 rounded bg-slate-100 px-1.5 py-0.5 text-xs font-medium text-slate-600"
      data-testid="half-point"
      title="The measured grade in half points; the whole grade is its lower whole number"
    >
      measured {value}
    </span>
  );
}

/** A category the engine could not measure: said plainly, with no bar and no made-up score. */
function NotMeasured({ label, report }: { label: string; report: GradeReport | null }) {
  return (
    <li data-testid="category-centering">
      <div className="flex items-baseline justify-between">
        <span className="font-medium text-slate-900">{label}</span>
        <span className="font-bold text-slate-500">{NOT_MEASURED}</span>
      </div>
      <p className="mt-1 text-sm text-slate-600">
        Neither face has a printed border to measure, so the overall grade comes from corners, edges and surface.
      </p>
      {report && <CenteringRatios front={report.centering.front} back={report.centering.back} />}
    </li>
  );
}

function CenteringRatios({ front, back }: { front: CenteringFace; back: CenteringFace }) {
  const row = (name: string, c: CenteringFace) =>
    c.measurable && c.leftRight && c.topBottom ? (
      <span>
        {name}: {c.leftRight[0].toFixed(1)}/{c.leftRight[1].toFixed(1)} L/R, {c.topBottom[0].toFixed(1)}/
        {c.topBottom[1].toFixed(1)} T/B
      </span>
    ) : (
      <span>{name}: not measurable</span>
    );
  return (
    <p className="mt-1 flex flex-col text-xs text-slate-600" data-testid="centering-ratios">
      {row('Front', front)}
      {row('Back', back)}
    </p>
  );
}
