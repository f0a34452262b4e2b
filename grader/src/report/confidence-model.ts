// Written by grader/bench/calibrate-confidence.ts: the confidence model fitted on the design zoo's tuning seeds.
import type { ConfidenceModel } from './confidence.ts';

export const CONFIDENCE_MODEL: ConfidenceModel = {
  source: 'zoo tuning seeds 1 to 720, 467 graded pairs, fitted 2026-12-07',
  bias: 2.019,
  weights: {
    lowResolution: 0,
    warnings: -0.156,
    notAssessed: -0.048,
    cornersNotAssessed: -0.252,
    faceNotAssessed: -0.481,
    centeringUnmeasured: -0.322,
    defects: -0.212,
    belowTen: -0.731,
  },
};
