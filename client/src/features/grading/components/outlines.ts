import type { Detection, Face, Quad } from '@gradelens/shared';
import { defaultOutline } from './outline-geometry.ts';

/** What the owner has done with one face's outline. */
export interface FaceOutline {
  corners: Quad | null;
  /** The owner moved or placed the corners: they go to the engine as given. */
  moved: boolean;
  /** The engine's own outline failed at grading: the owner has to place these corners. */
  mustPlace?: boolean;
}

export type Outlines = Record<Face, FaceOutline>;

/** The outlines as the finder answered them: found corners kept, a card-shaped start where none was found. */
export function outlinesFrom(detection: Detection): Outlines {
  const face = (f: Face): FaceOutline => {
    const d = detection[f];
    if (d.found && d.corners) return { corners: d.corners, moved: false };
    if (d.retake) return { corners: null, moved: false };
    return { corners: defaultOutline(detection.imageSize[f]), moved: false };
  };
  return { front: face('front'), back: face('back') };
}

/** Both faces need an outline the engine can use: found, or placed by the owner; a face to retake has none. */
export function outlinesReady(detection: Detection, outlines: Outlines): boolean {
  return (['front', 'back'] as const).every(
    (f) => !detection[f].retake && (outlines[f].moved || (detection[f].found && !outlines[f].mustPlace)),
  );
}
