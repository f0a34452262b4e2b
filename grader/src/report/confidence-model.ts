// Written by grader/bench/calibrate-confidence.ts: the confidence model fitted on the design zoo's tuning seeds.
import type { ConfidenceModel } from './confidence.ts';

export const CONFIDENCE_MODEL: ConfidenceModel = {
  source: 'zoo tuning seeds 1 to 400, 244 graded pairs, fitted 2026-11-24',
  bias: 1.974,
  weights: {
    lowResolution: 0,
    warnings: -0.324,
    notAssessed: -0.21,
    centeringUnmeasured: -0.067,
    defects: -0.365,
    belowTen: -1.299
  }
};
