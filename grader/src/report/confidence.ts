import type { GradeReport, QualityWarningCode } from '@gradelens/shared';
import { CONFIDENCE_MODEL } from './confidence-model.ts';

/** What a report says about how well the photos showed the card: the confidence's inputs. */
export type ConfidenceReport = Pick<GradeReport, 'warnings' | 'pxPerMm' | 'centering' | 'defects' | 'scores'>;

/** The evidence a report's confidence weighs, each a number that grows with doubt. */
export const CONFIDENCE_FEATURES = [
  'lowResolution',
  'warnings',
  'notAssessed',
  'cornersNotAssessed',
  'faceNotAssessed',
  'centeringUnmeasured',
  'defects',
  'belowTen',
] as const;
export type ConfidenceFeature = (typeof CONFIDENCE_FEATURES)[number];

/** Warnings of a photo fault to retake (a card seen through plastic among them)... */
const PHOTO_FAULTS: ReadonlySet<QualityWarningCode> = new Set([
  'blur',
  'glare',
  'low_resolution',
  'tilt',
  'through_holder',
]);
/** ...of a part of the card not read (centering is counted per face apart)... */
const PARTS_NOT_ASSESSED: ReadonlySet<QualityWarningCode> = new Set(['surface_not_assessed', 'edges_not_assessed']);
/** ...of a light border's corners whose whitening was not read (graded on their shape, if that)... */
const CORNERS_NOT_ASSESSED: QualityWarningCode = 'corners_not_assessed';
/** ...and of a whole face not graded: whatever wear it has is missing from every subgrade. */
const FACE_NOT_ASSESSED: QualityWarningCode = 'face_not_assessed';

/**
 * The report's doubts as numbers: how far below 12 px/mm the coarser photo is (fine wear stops
 * showing), photo warnings (blur, glare, low resolution), parts not assessed (a light border's
 * corners apart: their whitening unread leaves the corners subgrade a 10 by default), faces not graded at
 * all (an outline that was not the card's), faces without a measurable centering, wear found
 * (each finding is a chance of a design read as wear), and a grade below 10.
 */
export function confidenceFeatures(report: ConfidenceReport): Record<ConfidenceFeature, number> {
  const minPxPerMm = Math.min(report.pxPerMm.front, report.pxPerMm.back);
  return {
    lowResolution: Math.max(0, 12 - minPxPerMm) / 12,
    warnings: report.warnings.filter((w) => PHOTO_FAULTS.has(w.code)).length,
    notAssessed: report.warnings.filter((w) => PARTS_NOT_ASSESSED.has(w.code)).length,
    cornersNotAssessed: report.warnings.filter((w) => w.code === CORNERS_NOT_ASSESSED).length,
    faceNotAssessed: report.warnings.filter((w) => w.code === FACE_NOT_ASSESSED).length,
    centeringUnmeasured: Number(!report.centering.front.measurable) + Number(!report.centering.back.measurable),
    defects: Math.min(6, report.defects.length),
    belowTen: report.scores.overall < 10 ? 1 : 0,
  };
}

export interface ConfidenceModel {
  /** Where the weights came from: the seeds, the engine and the date of the fit. */
  source: string;
  bias: number;
  weights: Record<ConfidenceFeature, number>;
}

/**
 * How likely the report's overall grade is exactly right, from its doubts: a logistic model fitted
 * on the design zoo's tuning seeds (bench/calibrate-confidence.ts writes confidence-model.ts;
 * the bench prints how it holds on the test seeds). Kept within 0.05 to 0.95: no photo makes a
 * grade certain, and none makes it worthless.
 */
export function confidenceOf(report: ConfidenceReport, model: ConfidenceModel = CONFIDENCE_MODEL): number {
  const features = confidenceFeatures(report);
  const z = CONFIDENCE_FEATURES.reduce((sum, f) => sum + model.weights[f] * features[f], model.bias);
  const p = 1 / (1 + Math.exp(-z));
  return Math.round(Math.max(0.05, Math.min(0.95, p)) * 100) / 100;
}
