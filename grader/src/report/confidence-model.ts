// Written by grader/bench/calibrate-confidence.ts: the confidence model fitted on the design zoo's tuning seeds.
import type { ConfidenceModel } from './confidence.ts';

export const CONFIDENCE_MODEL: ConfidenceModel = {
  source: 'zoo tuning seeds 1 to 720, 460 graded pairs, fitted 2026-11-29',
  bias: 1.745,
  weights: {
    lowResolution: -0.171,
    warnings: -0.033,
    notAssessed: 0,
    faceNotAssessed: -0.409,
    centeringUnmeasured: -0.437,
    defects: -0.206,
    belowTen: -0.883,
  },
};
