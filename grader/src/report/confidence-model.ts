// Written by grader/bench/calibrate-confidence.ts: the confidence model fitted on the design zoo's tuning seeds.
import type { ConfidenceModel } from './confidence.ts';

export const CONFIDENCE_MODEL: ConfidenceModel = {
  source: 'zoo tuning seeds 1 to 400, 192 graded pairs, fitted 2026-11-24',
  bias: 1.66,
  weights: {
    lowResolution: 0,
    warnings: -0.297,
    notAssessed: -0.03,
    centeringUnmeasured: -0.274,
    defects: -0.317,
    belowTen: -1.264
  }
};
