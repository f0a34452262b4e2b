import { z } from 'zod';
import type { Frame, PixelPoint, Quad } from './grading.ts';

/**
 * What the owner may send before and after grading (issue 16): the card's four corners in the
 * stored photo's pixels and the frame lines as fractions of the card (see Frame in grading.ts).
 */

const coordinate = z
  .number({ error: 'Each corner is two numbers, [x, y], in the photo’s pixels' })
  .finite({ message: 'Each corner is two numbers, [x, y], in the photo’s pixels' });
const point = z.tuple([coordinate, coordinate], { error: 'Each corner is two numbers, [x, y], in the photo’s pixels' });
const quad = z.tuple([point, point, point, point], {
  error: 'Give the card’s four corners as [[x, y], [x, y], [x, y], [x, y]]',
});

const line = (name: string, min: number, max: number) =>
  z
    .number({ error: `The ${name} frame line must be a number from ${min} to ${max} (a fraction of the card)` })
    .min(min, { message: `The ${name} frame line must lie between ${min} and ${max} of the card` })
    .max(max, { message: `The ${name} frame line must lie between ${min} and ${max} of the card` });

/** A border may take up to 40% of the card's width or height: beyond that the line is on the art. */
export const frameSchema = z
  .object(
    {
      left: line('left', 0, 0.4),
      right: line('right', 0.6, 1),
      top: line('top', 0, 0.4),
      bottom: line('bottom', 0.6, 1),
    },
    { error: 'Give the frame lines as { left, right, top, bottom }, each a fraction of the card' },
  )
  .strict();

export const faceHintSchema = z
  .object({ corners: quad, frame: frameSchema.optional() }, { error: 'Give a face as { corners, frame? }' })
  .strict();

/** The optional body of POST /api/card-gradings/:id/analyze. */
export const analyzeHintsSchema = z
  .object({ front: faceHintSchema.optional(), back: faceHintSchema.optional() })
  .strict();
export type AnalyzeHints = z.infer<typeof analyzeHintsSchema>;

/** PATCH /api/card-gradings/:id/centering. */
export const centeringLinesSchema = z
  .object({ front: frameSchema.optional(), back: frameSchema.optional() })
  .strict()
  .refine((v) => v.front !== undefined || v.back !== undefined, {
    message: 'Send the frame lines of the front, the back or both',
  });
export type CenteringLines = z.infer<typeof centeringLinesSchema>;

/** The smallest side of a placed outline, in photo pixels: below it the card could not be graded anyway. */
export const MIN_OUTLINE_SIDE_PX = 40;

const cross = (o: PixelPoint, a: PixelPoint, b: PixelPoint) =>
  (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);

/** The corners in order around their centre (clockwise on screen), so any order the owner gave forms the outline. */
export function aroundCentre(corners: Quad): Quad {
  const cx = corners.reduce((t, p) => t + p[0], 0) / 4;
  const cy = corners.reduce((t, p) => t + p[1], 0) / 4;
  return [...corners].sort((p, q) => Math.atan2(p[1] - cy, p[0] - cx) - Math.atan2(q[1] - cy, q[0] - cx)) as Quad;
}

/**
 * Why four corners cannot be a card's outline in a photo of this size, as a sentence that says
 * what to do, or null when they can: every corner on the photo, the four forming a convex shape
 * with no side shorter than MIN_OUTLINE_SIDE_PX.
 */
export function outlineProblem(
  corners: Quad,
  size: { width: number; height: number },
  faceName: string,
): string | null {
  const outside = corners.findIndex(([x, y]) => x < 0 || y < 0 || x > size.width || y > size.height);
  if (outside >= 0) {
    return `Corner ${outside + 1} of the ${faceName} lies outside the photo (${size.width} x ${size.height} pixels). Drag it onto the card’s corner.`;
  }
  const ring = aroundCentre(corners);
  const turns = ring.map((p, i) => cross(p, ring[(i + 1) % 4]!, ring[(i + 2) % 4]!));
  if (!turns.every((t) => t > 0) && !turns.every((t) => t < 0)) {
    return `The four corners of the ${faceName} do not form a card’s outline (three lie on a line, or one sits inside the others). Put one on each corner of the card.`;
  }
  const shortest = Math.min(
    ...ring.map((p, i) => Math.hypot(ring[(i + 1) % 4]![0] - p[0], ring[(i + 1) % 4]![1] - p[1])),
  );
  if (shortest < MIN_OUTLINE_SIDE_PX) {
    return `The corners of the ${faceName} are too close together to outline a card. Put one on each corner of the card.`;
  }
  return null;
}

/** A frame's border widths as shares, larger first: what centering reads from the lines. */
export function frameShares(
  frame: Frame,
  size: { widthMm: number; heightMm: number },
): { leftRight: [number, number]; topBottom: [number, number] } {
  const pair = (a: number, b: number): [number, number] => {
    const share = a + b > 0 ? (100 * Math.max(a, b)) / (a + b) : 50;
    return [Math.round(share * 10) / 10, Math.round((100 - share) * 10) / 10];
  };
  return {
    leftRight: pair(frame.left * size.widthMm, (1 - frame.right) * size.widthMm),
    topBottom: pair(frame.top * size.heightMm, (1 - frame.bottom) * size.heightMm),
  };
}
