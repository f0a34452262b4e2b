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

/** A fold's pair from (x, y) mm, lengthMm long at `degrees` from the card's width. */
function fold(s: SurfacePlane, x: number, y: number, lengthMm: number, degrees: number, band: number) {
  const a = (degrees * Math.PI) / 180;
  pair(s, x * 8, y * 8, (x + lengthMm * Math.cos(a)) * 8, (y + lengthMm * Math.sin(a)) * 8, band);
}

/** One crease found, its length between lo and hi mm. */
function expectOneCrease(s: SurfacePlane, lo: number, hi: number) {
  const creases = findCreases(s);
  expect(creases).toHaveLength(1);
  expect(creases[0]!.lengthMm).toBeGreaterThan(lo);
  expect(creases[0]!.lengthMm).toBeLessThan(hi);
}

describe('findCreases', () => {
  it('takes a curved pair (the lit rim of an oval, a swirl) for the design, a fold being straight', () => {
    // An arc of a circle 60 mm across, 16 mm long: its middle bows half a millimetre off its chord.
    const s = plane();
    const [cx, cy, r] = [30 * 8, 70 * 8, 60 * 8];
    for (let a = -0.135; a < 0.135; a += 0.01) {
      const [x1, y1] = [cx + r * Math.sin(a), cy - r * Math.cos(a)];
      const [x2, y2] = [cx + r * Math.sin(a + 0.01), cy - r * Math.cos(a + 0.01)];
      pair(s, x1, y1, x2, y2, 3);
    }
    expect(findCreases(s)).toEqual([]);
  });

  it('finds a fold lit from one side at its length, at any angle', () => {
    const s = plane();
    // 40 mm at 30 degrees, bands 0.4 mm wide.
    fold(s, 10, 20, 40, 30, 3);
    expectOneCrease(s, 38, 42);
  });

  it('ends a fold where its pair ends, not where the print beyond it happens to be light or dark on one side', () => {
    // Print mottled in half-millimetre cells (a holo's sparkle, a photo's grain), 6 L* either way:
    // past a fold's ends one of its bands alone often seems to stand out from it. A fold of 36 mm
    // is short of the 40 mm that caps the surface at 2, and must not be read past it.
    const s = plane();
    let seed = 11;
    const cells = new Map<number, number>();
    for (let y = 0; y < s.h; y += 1)
      for (let x = 0; x < s.w; x += 1) {
        const cell = (y >> 2) * 1000 + (x >> 2);
        if (!cells.has(cell)) {
          seed = (seed * 1103515245 + 12345) % 2147483648;
          cells.set(cell, (seed / 2147483648 - 0.5) * 12);
        }
        s.L[y * s.w + x]! += cells.get(cell)!;
      }
    fold(s, 12, 20, 36, 36, 2);
    expectOneCrease(s, 34, 38);
  });

  it('finds a fold whose marks run into a printed pair it crosses, as one straight run among them', () => {
    // A frame's bevel (light above, dark below) square to the card, 50 mm, and a fold of 40 mm at
    // 35 degrees across it: their marks touch, so no one line holds nine tenths of the blob.
    const s = plane();
    pair(s, 5 * 8, 40 * 8, 55 * 8, 40 * 8, 3);
    fold(s, 12, 28, 40, 35, 3);
    expectOneCrease(s, 38, 42);
  });

  it('takes a pair that shows only in stretches along its length (a line of type under a light rule) for print', () => {
    const s = plane();
    // 40 mm at 10 degrees: a light band all along, the dark one in 3.5 mm dashes 8 mm apart (the
    // words of a line), joined into one line as a fold broken by print would be.
    const [x1, y1] = [10 * 8, 20 * 8];
    const [ux, uy] = [Math.cos(Math.PI / 18), Math.sin(Math.PI / 18)];
    for (let t = 0; t <= 40 * 8; t += 0.25) {
      const dark = t % (8 * 8) < 3.5 * 8;
      for (let o = -3; o < 3; o += 0.25) {
        if (o >= 0 && !dark) continue;
        const x = Math.round(x1 + ux * t - uy * o);
        const y = Math.round(y1 + uy * t + ux * o);
        s.L[y * s.w + x] = o < 0 ? 68 : 32;
      }
    }
    expect(findCreases(s)).toEqual([]);
  });

  it('takes a pair square to the card for the bevel of a frame, not a fold', () => {
    const s = plane();
    pair(s, 8 * 8, 50 * 8, 52 * 8, 50 * 8, 3);
    pair(s, 30 * 8, 10 * 8, 30 * 8, 40 * 8, 3);
    expect(findCreases(s)).toEqual([]);
  });

  it('takes a pair along an edge of the print (the bevel of a plate set at a slant) for the design', () => {
    const s = plane();
    // Darker print on the dark band's side of the line: the pair is the plate's rim and shadow.
    const [ux, uy] = [Math.cos(Math.PI / 6), Math.sin(Math.PI / 6)];
    for (let y = 0; y < s.h; y += 1)
      for (let x = 0; x < s.w; x += 1) if (-(x - 80) * uy + (y - 160) * ux > 0) s.L[y * s.w + x] = 40;
    pair(s, 80, 160, 80 + 320 * ux, 160 + 320 * uy, 3);
    expect(findCreases(s)).toEqual([]);
  });

  it("takes a pair within a few degrees of the card's sides for a plate of the design unless the print is the same on both sides", () => {
    // A plate a little askew, its tint a few units of L* off the art's: a fold there would show as well.
    const s = plane();
    const slope = Math.tan((2 * Math.PI) / 180);
    for (let y = 0; y < s.h; y += 1)
      for (let x = 0; x < s.w; x += 1) if (y > 50 * 8 + (x - 8 * 8) * slope) s.L[y * s.w + x]! += 4;
    pair(s, 8 * 8, 50 * 8, 52 * 8, 50 * 8 + 44 * 8 * slope, 3);
    expect(findCreases(s)).toEqual([]);
    // Over print the same on both sides, the same pair is a fold.
    const flat = plane();
    pair(flat, 8 * 8, 50 * 8, 52 * 8, 50 * 8 + 44 * 8 * slope, 3);
    expect(findCreases(flat)).toHaveLength(1);
  });

  it('takes two pairs side by side for the edges of one printed shape', () => {
    const s = plane();
    const [dx, dy] = [40 * 8 * Math.cos(Math.PI / 6), 40 * 8 * Math.sin(Math.PI / 6)];
    pair(s, 80, 160, 80 + dx, 160 + dy, 3);
    pair(s, 80, 200, 80 + dx, 200 + dy, 3);
    expect(findCreases(s)).toEqual([]);
  });

  it('finds a fold whose middle the print hides, from the stretches either side, however far apart', () => {
    // 50 mm at 30 degrees: 15 mm shows, 14 mm is hidden (a dark plate over it), 21 mm shows.
    const s = plane();
    const [ux, uy] = [Math.cos(Math.PI / 6), Math.sin(Math.PI / 6)];
    const at = (mm: number) => [40 + ux * mm * 8, 60 + uy * mm * 8] as const;
    pair(s, ...at(0), ...at(15), 3);
    pair(s, ...at(29), ...at(50), 3);
    // Each stretch, followed past its ends across the plate, is the whole fold: it is reported once.
    const creases = findCreases(s);
    expect(creases).toHaveLength(1);
    expect(creases[0]!.lengthMm).toBeGreaterThan(48);
  });

  it('reports no pair shorter than 12 mm', () => {
    const s = plane();
    pair(s, 80, 160, 80 + 10 * 8 * Math.cos(Math.PI / 6), 160 + 10 * 8 * Math.sin(Math.PI / 6), 3);
    expect(findCreases(s)).toEqual([]);
  });

  it('finds nothing on plain print with sensor noise', () => {
    expect(findCreases(plane())).toEqual([]);
  });
});
