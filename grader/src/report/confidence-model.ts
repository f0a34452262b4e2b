// Written by grader/bench/calibrate-confidence.ts: the confidence model fitted on the design zoo's tuning seeds.
import type { ConfidenceModel } from './confidence.ts';

export const CONFIDENCE_MODEL: ConfidenceModel = {
  source: 'zoo tuning seeds 1 to 400, 250 graded pairs, fitted 2026-11-25',
  bias: 1.773,
  weights: {
    lowResolution: -0.265,
    warnings: -0.177,
    notAssessed: -0.164,
    centeringUnmeasured: -0.217,
    defects: -0.251,
    belowTen: -1.065
  }
};
