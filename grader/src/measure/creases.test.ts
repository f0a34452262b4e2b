import { describe, expect, it } from 'vitest';
import { findCreases } from './creases.ts';
import type { SurfacePlane } from './surface-plane.ts';

/** A flat grey plane at 8 px per mm, 60 x 80 mm, with a little noise. */
function plane(): SurfacePlane {
  const p = 8;
  const w = 60 * p;
  const h = 80 * p;
  const L = new Float32Array(w * h);
  let seed = 7;
  for (let i = 0; i < L.length; i += 1) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    L[i] = 50 + (seed / 2147483648 - 0.5) * 2;
  }
  return { L, w, h, p, toMm: (x, y) => ({ x: (x + 0.5) / p, y: (y + 0.5) / p }) };
}

/** Draws a light band on one side of the segment and a dark band on the other, `band` px each. */
function pair(s: SurfacePlane, x1: number, y1: number, x2: number, y2: number, band: number) {
  const length = Math.hypot(x2 - x1, y2 - y1);
  const [ux, uy] = [(x2 - x1) / length, (y2 - y1) / length];
  for (let t = 0; t <= length; t += 0.25) {
    for (let o = -band; o < band; o += 0.25) {
      const x = Math.round(x1 + ux * t - uy * o);
      const y = Math.round(y1 + uy * t + ux * o);
      s.L[y * s.w + x] = o < 0 ? 68 : 32;
    }
  }
}

describe('findCreases', () => {
  it('finds a fold lit from one side at its length, at any angle', () => {
    const s = plane();
    // 40 mm at 30 degrees, bands 0.4 mm wide.
    const [x1, y1] = [10 * 8, 20 * 8];
    const [x2, y2] = [x1 + 40 * 8 * Math.cos(Math.PI / 6), y1 + 40 * 8 * Math.sin(Math.PI / 6)];
    pair(s, x1, y1, x2, y2, 3);
    const creases = findCreases(s);
    expect(creases).toHaveLength(1);
    expect(creases[0]!.lengthMm).toBeGreaterThan(38);
    expect(creases[0]!.lengthMm).toBeLessThan(42);
  });

  it('takes a pair square to the card for the bevel of a frame, not a fold', () => {
    const s = plane();
    pair(s, 8 * 8, 50 * 8, 52 * 8, 50 * 8, 3);
    pair(s, 30 * 8, 10 * 8, 30 * 8, 40 * 8, 3);
    expect(findCreases(s)).toEqual([]);
  });

  it('finds nothing on plain print with sensor noise', () => {
    expect(findCreases(plane())).toEqual([]);
  });
});
