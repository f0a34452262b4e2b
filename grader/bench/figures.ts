// What both benchmark sections (the first generator's and the zoo's) count and print with.
import type { GradeReport } from '@gradelens/shared';

export const GRADE_KEYS = ['overall', 'centering', 'corners', 'edges', 'surface'] as const;
export const REPORT_KEY = {
  overall: 'overallGrade',
  centering: 'centeringGrade',
  corners: 'cornerGrade',
  edges: 'edgeGrade',
  surface: 'surfaceGrade',
} as const satisfies Record<(typeof GRADE_KEYS)[number], keyof GradeReport>;

/** Exact and within one grade; a subgrade not measured (null) matches only another null. */
export const sameGrade = (got: number | null, expected: number | null) => got === expected;
export const withinOneGrade = (got: number | null, expected: number | null) =>
  got === expected || (got !== null && expected !== null && Math.abs(got - expected) <= 1);

export const pct = (n: number, d: number) => (d ? (100 * n) / d : 0);
export const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);
export const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))]! : NaN;
};

/** One result line: label, value, and PASS or FAIL where the line has a target. */
export const line = (label: string, value: string, pass?: boolean) =>
  console.log(`${label.padEnd(58)} ${value.padEnd(18)} ${pass === undefined ? '' : pass ? 'PASS' : 'FAIL'}`);
