import { describe, expect, it } from 'vitest';
import {
  CONFIDENCE_FEATURES,
  confidenceFeatures,
  confidenceOf,
  type ConfidenceModel,
  type ConfidenceReport,
} from './confidence.ts';
import { CONFIDENCE_MODEL } from './confidence-model.ts';

const sharpClean: ConfidenceReport = {
  warnings: [],
  pxPerMm: { front: 20, back: 20 },
  centering: { front: { measurable: true }, back: { measurable: true } },
  defects: [],
  scores: { overall: 10, centering: 10, corners: 10, edges: 10, surface: 10 },
};

const doubtful: ConfidenceReport = {
  ...sharpClean,
  warnings: [
    { code: 'blur', face: 'front', message: 'soft' },
    { code: 'surface_not_assessed', face: 'front', message: 'foil' },
  ],
  pxPerMm: { front: 5, back: 20 },
  centering: { front: { measurable: false, reason: 'no border' }, back: { measurable: true } },
};

describe('the report confidence', () => {
  it('counts each doubt the report shows: the coarser photo, warnings, parts not assessed, unmeasured centering', () => {
    expect(confidenceFeatures(sharpClean)).toEqual({
      lowResolution: 0,
      warnings: 0,
      notAssessed: 0,
      cornersNotAssessed: 0,
      faceNotAssessed: 0,
      centeringUnmeasured: 0,
      defects: 0,
      belowTen: 0,
    });
    expect(confidenceFeatures(doubtful)).toMatchObject({
      lowResolution: 7 / 12,
      warnings: 1,
      notAssessed: 1,
      centeringUnmeasured: 1,
    });
  });

  it('counts a face not graded at all apart from a part of a face not assessed', () => {
    const oneFace: ConfidenceReport = {
      ...sharpClean,
      warnings: [
        { code: 'face_not_assessed', face: 'back', message: 'not the card' },
        { code: 'edges_not_assessed', face: 'front', message: 'art to the edge' },
        { code: 'corners_not_assessed', face: 'front', message: 'white corners too coarse to read' },
      ],
    };
    expect(confidenceFeatures(oneFace)).toMatchObject({ notAssessed: 1, cornersNotAssessed: 1, faceNotAssessed: 1 });
    expect(confidenceOf(oneFace)).toBeLessThan(confidenceOf(sharpClean));
  });

  it('is lower for a report with doubts than for a sharp, fully measured one, under the fitted model', () => {
    expect(confidenceOf(doubtful)).toBeLessThan(confidenceOf(sharpClean));
  });

  it('never lets a doubt raise the confidence: every fitted weight is zero or below', () => {
    for (const f of CONFIDENCE_FEATURES) expect(CONFIDENCE_MODEL.weights[f]).toBeLessThanOrEqual(0);
  });

  it('stays between 0.05 and 0.95 whatever the model says', () => {
    const sure: ConfidenceModel = {
      source: 'test',
      bias: 20,
      weights: {
        lowResolution: 0,
        warnings: 0,
        notAssessed: 0,
        cornersNotAssessed: 0,
        faceNotAssessed: 0,
        centeringUnmeasured: 0,
        defects: 0,
        belowTen: 0,
      },
    };
    expect(confidenceOf(sharpClean, sure)).toBe(0.95);
    expect(confidenceOf(sharpClean, { ...sure, bias: -20 })).toBe(0.05);
  });
});
