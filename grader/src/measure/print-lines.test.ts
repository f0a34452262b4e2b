import { describe, expect, it } from 'vitest';
import { findPrintLines } from './print-lines.ts';
import type { SurfacePlane } from './surface-plane.ts';

const P = 8;
const SIZE = { widthMm: 63, heightMm: 88 };
/** The printed border's inner edge, mm from each side. */
const FRAME = { top: 4, right: 4, bottom: 4, left: 4 };

/** A face's plane (the outline's 1 mm band left out): a light border around mid-grey art, with a little noise (L* either way). */
function plane(border = 80, noise = 1): SurfacePlane {
  const w = (SIZE.widthMm - 2) * P;
  const h = (SIZE.heightMm - 2) * P;
  const L = new Float32Array(w * h);
  let seed = 11;
  for (let y = 0; y < h; y += 1) {
    for (let x = 0; x < w; x += 1) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      const [mx, my] = [x / P + 1, y / P + 1];
      const inArt =
        mx > FRAME.left && my > FRAME.top && mx < SIZE.widthMm - FRAME.right && my < SIZE.heightMm - FRAME.bottom;
      L[y * w + x] = (inArt ? 50 : border) + (seed / 2147483648 - 0.5) * 2 * noise;
    }
  }
  return { L, w, h, p: P, toMm: (x, y) => ({ x: (x + 0.5) / P + 1, y: (y + 0.5) / P + 1 }) };
}

/** Darkens a row of the plane by `by` L*, from x0 to x1 mm. */
function row(s: SurfacePlane, yMm: number, x0Mm: number, x1Mm: number, by: number) {
  const y = Math.round((yMm - 1) * P);
  for (let x = Math.max(0, Math.round((x0Mm - 1) * P)); x < Math.min(s.w, Math.round((x1Mm - 1) * P)); x += 1)
    s.L[y * s.w + x]! -= by;
}

describe('findPrintLines', () => {
  it('finds a faint line that runs the full width, through the border and the art', () => {
    const s = plane();
    row(s, 40, 0, 63, 6);
    const lines = findPrintLines(s, SIZE, FRAME);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.vertical).toBe(false);
    expect(Math.abs(lines[0]!.atMm - 40)).toBeLessThan(0.3);
  });

  it('finds a light line a near-white border hides, when it runs through the art right up to the border', () => {
    // The border is white: the line lighter than the print shows in the art only.
    const s = plane(97);
    row(s, 40, 4, 59, -6);
    expect(findPrintLines(s, SIZE, FRAME)).toHaveLength(1);
  });

  it('takes a rule that stops at the border for the design', () => {
    const s = plane();
    row(s, 40, 4.3, 58.7, 6);
    expect(findPrintLines(s, SIZE, FRAME)).toEqual([]);
    // Nor does a bar a little inside a white border, which could have hidden a light line.
    const bar = plane(97);
    row(bar, 40, 6, 57, -6);
    expect(findPrintLines(bar, SIZE, FRAME)).toEqual([]);
  });

  it('takes a stack of full-width lines (rows of a back, stripes) for the design', () => {
    const s = plane();
    for (const y of [30, 40, 50]) row(s, y, 0, 63, 6);
    expect(findPrintLines(s, SIZE, FRAME)).toEqual([]);
  });

  it('leaves a line beside the card edge it runs along to the design', () => {
    const s = plane();
    row(s, 83, 0, 63, 6);
    expect(findPrintLines(s, SIZE, null)).toEqual([]);
  });

  it('on a borderless face, wants the line to reach both ends of the card', () => {
    const s = plane();
    row(s, 40, 0, 63, 6);
    expect(findPrintLines(s, SIZE, null)).toHaveLength(1);
    const bar = plane();
    row(bar, 40, 3.5, 59.5, 6);
    expect(findPrintLines(bar, SIZE, null)).toEqual([]);
  });

  it('takes the light halo a phone sharpens beside the edge of a dark band for the design', () => {
    // A band across the whole face (a back's header), the row just below it a little lighter
    // than the print under it: lighter than both sides, but one side is the band.
    const s = plane();
    for (let y = 8; y < 11; y += 1 / P) row(s, y, 0, 63, 60);
    row(s, 11.1, 0, 63, -6);
    expect(findPrintLines(s, SIZE, FRAME)).toEqual([]);
  });

  it("in a grainy photo, does not read the border's grain as a rule's ends", () => {
    // A rule of a table stopping short of the border, on a face as grainy as a 1080p frame.
    const s = plane(80, 8);
    row(s, 40, 5.5, 57.5, 30);
    expect(findPrintLines(s, SIZE, FRAME)).toEqual([]);
    // A line through the border stands out of that grain all the same.
    const line = plane(80, 8);
    row(line, 40, 0, 63, 30);
    expect(findPrintLines(line, SIZE, FRAME)).toHaveLength(1);
  });
});
