// Written by grader/bench/calibrate-confidence.ts: the confidence model fitted on the design zoo's tuning seeds.
import type { ConfidenceModel } from './confidence.ts';

export const CONFIDENCE_MODEL: ConfidenceModel = {
  source: 'zoo tuning seeds 1 to 400, 250 graded pairs, fitted 2026-11-25',
  bias: 1.767,
  weights: {
    lowResolution: -0.279,
    warnings: -0.17,
    notAssessed: -0.168,
    centeringUnmeasured: -0.22,
    defects: -0.252,
    belowTen: -1.069,
  },
};
