// Written by grader/bench/calibrate-confidence.ts: the confidence model fitted on the design zoo's tuning seeds.
import type { ConfidenceModel } from './confidence.ts';

export const CONFIDENCE_MODEL: ConfidenceModel = {
  source: 'placeholder before the first fit',
  bias: 0.5,
  weights: { lowResolution: -1, warnings: -0.4, notAssessed: -0.4, centeringUnmeasured: -0.3, defects: -0.2, belowTen: -0.3 },
};
