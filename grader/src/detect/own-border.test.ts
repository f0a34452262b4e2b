import { describe, expect, it } from 'vitest';
import type { Point } from '../geometry/homography.ts';
import type { PhotoRegion } from '../image/raster.ts';
import { borderAllRound } from './found.ts';
import type { OpenedPhoto } from '../image/decode.ts';
import type { FoundIn } from './found.ts';
import { borderRunsPast, borderUnderLight, ontoOwnBorder } from './own-border.ts';

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

describe('a border that runs on past a side', () => {
  // White paper (L* 95) at 10 px a millimetre, and on it from (100, 100) a 63 x 88 mm card: a grey
  // border 3 mm wide (L* 80), then a light panel (L* 88, as a sports back's) and blue print within it.
  const [w, h] = [830, 1080];
  const data = new Uint8Array(w * h * 3);
  for (let y = 0; y < h; y += 1)
    for (let x = 0; x < w; x += 1) {
      const [cx, cy] = [(x - 100) / 10, (y - 100) / 10];
      const onCard = cx >= 0 && cx < 63 && cy >= 0 && cy < 88;
      const depth = Math.min(cx, cy, 63 - cx, 88 - cy);
      const colour = !onCard
        ? [242, 240, 230]
        : depth < 3
          ? [196, 199, 204]
          : depth < 8
            ? [215, 218, 222]
            : [40, 60, 150];
      data.set(colour, (y * w + x) * 3);
    }
  const region = { left: 0, top: 0, raster: { data, width: w, height: h, channels: 3 } } as PhotoRegion;
  /** The outline with its right and bottom sides `inset` mm inside the card's. */
  const outline = (inset: number): Quad => [
    { x: 100.5, y: 100.5 },
    { x: 730.5 - inset * 10, y: 100.5 },
    { x: 730.5 - inset * 10, y: 980.5 - inset * 10 },
    { x: 100.5, y: 980.5 - inset * 10 },
  ];

  it("marks the sides put on the panel: the border's grey lies past them, as it lies inside the sides on the card's edge", () => {
    expect(borderRunsPast(region, outline(3))).toEqual([false, true, true, false]);
  });

  it("marks no side of the card's own outline", () => {
    expect(borderRunsPast(region, outline(0))).toEqual([false, false, false, false]);
  });

  it("moves those sides out onto the card's edge, where the border ends at the paper", () => {
    const found = {
      ok: true,
      region,
      card: { corners: outline(3), background: [94.7, -1.1, 5.1] },
    } as unknown as FoundIn;
    const moved = ontoOwnBorder(found, { width: w, height: h } as OpenedPhoto);
    expect(moved).not.toBeNull();
    moved!.card.corners.forEach((p, i) => {
      expect(Math.abs(p.x - outline(0)[i]!.x)).toBeLessThan(2);
      expect(Math.abs(p.y - outline(0)[i]!.y)).toBeLessThan(2);
    });
  });
});
