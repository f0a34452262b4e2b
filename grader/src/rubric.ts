/**
 * The grading standard's tables (docs/grading.md, rubric v1): measurements in millimetres or
 * percent in, half-point subgrades out.
 */

export const RUBRIC_VERSION = 1;

export interface Subgrades {
  /** Null when no face's centering was measurable. */
  centering: number | null;
  corners: number;
  edges: number;
  surface: number;
}

/** [upper bound (inclusive), grade] rows, then the grade above the last bound. */
type Table = { rows: readonly (readonly [number, number])[]; above: number };

const lookup = (table: Table, value: number): number => {
  for (const [bound, grade] of table.rows) if (value <= bound) return grade;
  return table.above;
};

const FRONT_CENTERING: Table = {
  rows: [
    [55, 10],
    [57.5, 9.5],
    [60, 9],
    [62.5, 8.5],
    [65, 8],
    [67.5, 7.5],
    [70, 7],
    [75, 6.5],
    [80, 6],
    [85, 5],
    [90, 3],
  ],
  above: 1.5,
};
const BACK_CENTERING: Table = {
  rows: [
    [75, 10],
    [82.5, 9.5],
    [90, 9],
  ],
  above: 2,
};
const CORNER_VIEW: Table = {
  rows: [
    [0.15, 10],
    [0.3, 9.5],
    [0.5, 9],
    [0.75, 8.5],
    [1.0, 8],
    [1.5, 7],
    [2.0, 6],
    [2.5, 5],
    [3.0, 4],
    [4.0, 3],
    [5.0, 2],
  ],
  above: 1,
};
const EDGES: Table = {
  rows: [
    [0.5, 10],
    [1.5, 9.5],
    [3, 9],
    [5, 8.5],
    [8, 8],
    [12, 7],
    [18, 6],
    [25, 5],
    [35, 4],
    [50, 3],
    [70, 2],
  ],
  above: 1,
};
const SURFACE: Table = {
  rows: [
    [1, 10],
    [3, 9.5],
    [6, 9],
    [10, 8.5],
    [15, 8],
    [25, 7],
    [40, 6],
    [60, 5],
    [90, 4],
  ],
  above: 3,
};

/** Larger share of the worse axis, in percent (50 to 100). */
export const frontCenteringGrade = (largerSharePct: number) => lookup(FRONT_CENTERING, largerSharePct);
export const backCenteringGrade = (largerSharePct: number) => lookup(BACK_CENTERING, largerSharePct);

/** Severity of one corner view in mm: the larger of the whitening radius and the rounding depth. */
export const cornerViewGrade = (severityMm: number) => lookup(CORNER_VIEW, severityMm);

/** Total defect length over the 8 edge views in mm, stretches deeper than 0.3 mm counted twice. */
export const edgesGrade = (totalSeverityMm: number) => lookup(EDGES, totalSeverityMm);

/** Score = scratch mm + 4 x spot mm², back at half weight. Any crease caps at 4, a long one at 2. */
export function surfaceGrade(score: number, creases: { count: number; longestMm: number }): number {
  let grade = lookup(SURFACE, score);
  if (creases.count > 0) grade = Math.min(grade, 4);
  if (creases.longestMm > 40) grade = Math.min(grade, 2);
  return grade;
}

/** Half points: the lowest subgrade, plus 0.5 when exactly one subgrade sits at the lowest; at most 10. */
export function overallScore(s: Subgrades): number {
  // Centering that could not be measured on either face takes no part: the other three decide.
  const values = [s.centering, s.corners, s.edges, s.surface].filter((v): v is number => v !== null);
  const lowest = Math.min(...values);
  const atLowest = values.filter((v) => v === lowest).length;
  return Math.min(10, atLowest === 1 ? lowest + 0.5 : lowest);
}

/** The integer the API reports: the floor of the half-point value, within 1..10. */
export const toIntegerGrade = (halfPoints: number) => Math.max(1, Math.min(10, Math.floor(halfPoints)));

/** A subgrade as the API reports it, null (not measured) staying null. */
export const toReportedGrade = (halfPoints: number | null) => (halfPoints === null ? null : toIntegerGrade(halfPoints));
