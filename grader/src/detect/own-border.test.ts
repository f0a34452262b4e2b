import { describe, expect, it } from 'vitest';
import type { Point } from '../geometry/homography.ts';
import type { PhotoRegion } from '../image/raster.ts';
import { borderAllRound } from './found.ts';
import { borderUnderLight } from './own-border.ts';

type Quad = [Point, Point, Point, Point];

describe("one border's colour under uneven light", () => {
  // A 63 x 88 mm card at 10 px a millimetre: a light grey border lit from the top (RGB 230, L*
  // about 91, along the top; 160, L* about 66, along the bottom), and 3 mm in a tan art window as light as the border's darker side.
  const [w, h] = [630, 880];
  const data = new Uint8Array(w * h * 3);
  for (let y = 0; y < h; y += 1)
    for (let x = 0; x < w; x += 1) {
      const grey = Math.round(230 - (70 * y) / h);
      const art = x >= 30 && x < w - 30 && y >= 30 && y < h - 30;
      data.set(art ? [205, 160, 120] : [grey, grey, grey], (y * w + x) * 3);
    }
  const region = { left: 0, top: 0, raster: { data, width: w, height: h, channels: 3 } } as PhotoRegion;
  /** The outline with its bottom side at `bottom` (px from the card's top). */
  const at = (bottom: number): Quad => [
    { x: 0.5, y: 0.5 },
    { x: w + 0.5, y: 0.5 },
    { x: w + 0.5, y: bottom + 0.5 },
    { x: 0.5, y: bottom + 0.5 },
  ];

  it('reads the grey border as one border all round, though its top and bottom lie 25 L* apart', () => {
    expect(borderAllRound(region, at(h))).toBe(false);
    expect(borderUnderLight(region, at(h))).toBe(true);
  });

  it('does not where a side lies on the art: the tan inside it is as light as the border there, but of another hue', () => {
    expect(borderUnderLight(region, at(h - 40))).toBe(false);
  });
});
