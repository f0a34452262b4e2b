/**
 * How a found line sits in the print: the lightness step between its two sides. A line along an
 * edge of the design (an outline, a frame, the bevel of a name plate) has one colour on one side
 * and another on the other all the way along; damage crosses the design, so over most of its
 * length the print on both sides of it is the same.
 */

/** A lightness plane: `L` row by row, `w` pixels wide. */
export interface LightnessPlane {
  L: Float32Array;
  w: number;
  h: number;
}

/**
 * The median, over the line from (ax, ay) to (bx, by) (plane pixels), of the lightness
 * difference between the points `offset` pixels to either side of it; NaN when the line has no
 * point whose two sides lie on the plane.
 */
export function medianSideStep(
  plane: LightnessPlane,
  ax: number,
  ay: number,
  bx: number,
  by: number,
  offset: number,
): number {
  const { L, w, h } = plane;
  const length = Math.hypot(bx - ax, by - ay);
  if (length === 0) return NaN;
  const [ux, uy] = [(bx - ax) / length, (by - ay) / length];
  const [nx, ny] = [-uy * offset, ux * offset];
  const at = (x: number, y: number) => {
    const xi = Math.round(x);
    const yi = Math.round(y);
    return xi < 0 || yi < 0 || xi >= w || yi >= h ? NaN : L[yi * w + xi]!;
  };
  const steps: number[] = [];
  for (let t = 0; t <= length; t += 1) {
    const step = Math.abs(at(ax + ux * t + nx, ay + uy * t + ny) - at(ax + ux * t - nx, ay + uy * t - ny));
    if (!Number.isNaN(step)) steps.push(step);
  }
  if (!steps.length) return NaN;
  steps.sort((a, b) => a - b);
  return steps[steps.length >> 1]!;
}

/** A line on a plane, (ax, ay) to (bx, by) in its pixels. */
export interface PlaneLine {
  ax: number;
  ay: number;
  bx: number;
  by: number;
}

/**
 * For reading a plane along a line: its length, its unit direction and the lightness at any
 * point (the nearest pixel, clamped to the plane).
 */
export function alongLine(plane: LightnessPlane, line: PlaneLine) {
  const { L, w, h } = plane;
  const length = Math.hypot(line.bx - line.ax, line.by - line.ay) || 1;
  const at = (x: number, y: number) =>
    L[Math.min(h - 1, Math.max(0, Math.round(y))) * w + Math.min(w - 1, Math.max(0, Math.round(x)))]!;
  return { length, ux: (line.bx - line.ax) / length, uy: (line.by - line.ay) / length, at };
}

/** How far (degrees) the line from (ax, ay) to (bx, by) runs from the nearer of the card's axes. */
export function degreesFromAxis(ax: number, ay: number, bx: number, by: number): number {
  const deg = (Math.abs(Math.atan2(by - ay, bx - ax)) * 180) / Math.PI;
  return Math.min(deg % 90, 90 - (deg % 90));
}
