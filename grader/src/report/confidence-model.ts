// Written by grader/bench/calibrate-confidence.ts: the confidence model fitted on the design zoo's tuning seeds.
import type { ConfidenceModel } from './confidence.ts';

export const CONFIDENCE_MODEL: ConfidenceModel = {
  source: 'zoo tuning seeds 1 to 400, 242 graded pairs, fitted 2026-11-24',
  bias: 1.714,
  weights: {
    lowResolution: -0.039,
    warnings: -0.206,
    notAssessed: -0.114,
    centeringUnmeasured: -0.204,
    defects: -0.245,
    belowTen: -1.13
  }
};
