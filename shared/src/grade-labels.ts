import type { DefectKind, HalfPointScores } from './grading.ts';

/** How grades are named and drawn (docs/product.md section 9): one place for client, label PDF and reports. */

export function overallLabel(grade: number): string {
  if (grade >= 10) return 'Gem Mint';
  if (grade >= 9) return 'Mint';
  if (grade >= 8) return 'Near Mint-Mint';
  if (grade >= 7) return 'Near Mint';
  if (grade >= 6) return 'Excellent-Near Mint';
  if (grade >= 5) return 'Excellent';
  if (grade >= 4) return 'Very Good-Excellent';
  if (grade >= 3) return 'Very Good';
  if (grade >= 2) return 'Good';
  return 'Poor to Fair';
}

export function professionalScaleLabel(score: number): string {
  if (score >= 10) return 'Gem Mint (PSA 10 / BGS 10)';
  if (score >= 9.5) return 'Gem Mint (PSA 10 / BGS 9.5)';
  if (score >= 9) return 'Mint (PSA 9 / BGS 9)';
  if (score >= 8) return 'Near Mint-Mint (PSA 8 / BGS 8)';
  if (score >= 7) return 'Near Mint (PSA 7 / BGS 7)';
  if (score >= 6) return 'Excellent-NM (PSA 6 / BGS 6)';
  if (score >= 5) return 'Excellent (PSA 5 / BGS 5)';
  if (score >= 4) return 'Very Good-Ex (PSA 4 / BGS 4)';
  return 'Good or Below (PSA 1-3 / BGS 1-3)';
}

export type GradeColour = 'green' | 'blue' | 'lightblue' | 'yellow' | 'orange' | 'red';

export function gradeColour(score: number): GradeColour {
  if (score >= 9) return 'green';
  if (score >= 8) return 'blue';
  if (score >= 7) return 'lightblue';
  if (score >= 6) return 'yellow';
  if (score >= 5) return 'orange';
  return 'red';
}

/** One star per 2 points, plus a half star when the remainder is at least half a star. */
export function starRating(grade: number): { full: number; half: boolean } {
  const stars = Math.max(0, grade) / 2;
  const full = Math.floor(stars);
  return { full, half: stars - full >= 0.5 };
}

export type AdminBadgeTier = 'default' | 'secondary' | 'destructive';

export function adminBadgeTier(grade: number): AdminBadgeTier {
  if (grade >= 9) return 'default';
  if (grade >= 7) return 'secondary';
  return 'destructive';
}

/** What a graded card shows for a subgrade the engine could not measure (centering of a borderless card). */
export const NOT_MEASURED = 'Not measured';

/**
 * A subgrade as every screen, label and PDF writes it: the number, 'Not measured' when the card
 * was graded without it, or `missing` for a card not graded yet.
 */
export function subgradeText(value: number | null, graded: boolean, missing = '-'): string {
  if (value !== null) return String(value);
  return graded ? NOT_MEASURED : missing;
}

/**
 * Below this confidence a report says 'Low confidence' on screen. The engine's confidence is
 * calibrated on the design zoo's tuning seeds (grader/bench/calibrate-confidence.ts): it estimates
 * how often a report like this one has the overall grade exactly right, so below one half the
 * grade is more likely off than right.
 */
export const LOW_CONFIDENCE_BELOW = 0.5;

export const isLowConfidence = (report: { confidence: number }): boolean => report.confidence < LOW_CONFIDENCE_BELOW;

/** Each kind of wear in words, as the notes and the viewers name it. */
export const DEFECT_KIND_NAMES: Record<DefectKind, string> = {
  corner_whitening: 'whitening',
  corner_rounding: 'rounding or a ding',
  edge_whitening: 'edge whitening',
  edge_chip: 'chipped edge',
  scratch: 'scratch',
  spot: 'spot or stain',
  crease: 'crease',
  print_line: 'print line',
};

/**
 * The engine's half-point figure behind a whole grade (the notes speak in half points: 'limits
 * corners to 8.5'), to show beside the whole grade the API reports when it differs: 8 with 8.5
 * measured. None after a grader's correction, whose whole grades stand alone.
 */
export function halfPointOf(
  scores: Partial<HalfPointScores> | null | undefined,
  corrected: boolean,
  key: keyof HalfPointScores,
  shown: number | null,
): number | null {
  const half = scores?.[key];
  if (corrected || shown === null || typeof half !== 'number' || Math.floor(half) !== shown || half === shown) {
    return null;
  }
  return half;
}

/** A whole grade with its measured half point when there is one: '8 (measured 8.5)'. */
export function gradeWithHalfPoint(shown: number | null, half: number | null, graded: boolean): string {
  const text = subgradeText(shown, graded);
  return half === null ? text : `${text} (measured ${half})`;
}
