import { describe, expect, it } from 'vitest';
import { CARD_RATIOS, ratioReadings } from '../geometry/aspect.ts';
import type { Point } from '../geometry/homography.ts';
import type { OpenedPhoto } from '../image/decode.ts';
import type { PhotoRegion } from '../image/raster.ts';
import { borderGoesRound, inRegion, movedBy, movedToRatio, offSize } from './found.ts';

type Quad = [Point, Point, Point, Point];
/** A photo's size is all the outline geometry reads of it. */
const photo = { width: 3000, height: 4000 } as OpenedPhoto;
/** A standard card 630 x 880 px square on in the photo's middle, clockwise from the top-left. */
const card: Quad = [
  { x: 1185, y: 1560 },
  { x: 1815, y: 1560 },
  { x: 1815, y: 2440 },
  { x: 1185, y: 2440 },
];

describe('the outline geometry the finder shares', () => {
  it('reads how far a ratio lies from the nearer card size', () => {
    expect(offSize(CARD_RATIOS.standard)).toBe(0);
    expect(offSize(CARD_RATIOS.small + 0.004)).toBeCloseTo(0.004, 9);
    // Half-way between the sizes lies 0.015 from each.
    expect(offSize((CARD_RATIOS.small + CARD_RATIOS.standard) / 2)).toBeCloseTo(0.015, 3);
  });

  it("puts an outline in a region's pixels, pixel centres at half-integers", () => {
    const region = { left: 1000, top: 1500 } as Parameters<typeof inRegion>[0];
    expect(inRegion(region, card)[0]).toEqual({ x: 184.5, y: 59.5 });
  });

  it('moves one side parallel to itself, out for a positive offset and in for a negative one', () => {
    const out = movedBy(card, 1, 20)!;
    expect(out[1].x).toBeCloseTo(1835, 6);
    expect(out[2].x).toBeCloseTo(1835, 6);
    expect(out[0].x).toBeCloseTo(card[0].x, 6);
    expect(out[0].y).toBeCloseTo(card[0].y, 6);
    const inward = movedBy(card, 0, -30)!;
    expect(inward[0].y).toBeCloseTo(1590, 6);
    expect(inward[1].y).toBeCloseTo(1590, 6);
  });

  it('moves a side to where the outline reads a ratio, only within the range asked', () => {
    // The right side 40 px in: the card reads narrower than the standard size.
    const narrow = movedBy(card, 1, -40)!;
    const placed = movedToRatio(narrow, 1, photo, CARD_RATIOS.standard, [0, 80])!;
    expect(ratioReadings(placed, photo)[1]).toBeCloseTo(CARD_RATIOS.standard, 4);
    expect(placed[1].x).toBeCloseTo(1815, 0);
    // No move between 50 and 80 px out makes it the standard size.
    expect(movedToRatio(narrow, 1, photo, CARD_RATIOS.standard, [50, 80])).toBeNull();
  });

  it("tells a border running on round a corner from a card's name box past its top border", () => {
    // A 63 x 88 mm card at 10 px a millimetre: a grey border lit from the left (L* about 96 on the
    // left, 81 on the right), and 4 mm down a name box of another colour across the card.
    const [w, h] = [630, 880];
    const data = new Uint8Array(w * h * 3);
    for (let y = 0; y < h; y += 1)
      for (let x = 0; x < w; x += 1) {
        const grey = Math.round(245 - (45 * x) / w);
        const box = y >= 40 && y < 90 && x >= 30 && x < w - 30;
        data.set(box ? [40, 90, 170] : [grey, grey, grey], (y * w + x) * 3);
      }
    const region = { left: 0, top: 0, raster: { data, width: w, height: h, channels: 3 } } as PhotoRegion;
    const at = (top: number): Quad => [
      { x: 0.5, y: top + 0.5 },
      { x: w + 0.5, y: top + 0.5 },
      { x: w + 0.5, y: h + 0.5 },
      { x: 0.5, y: h + 0.5 },
    ];
    // The card's own outline: the top border's grey goes on round both corners.
    expect(borderGoesRound(region, at(0), 0)).toBe(true);
    // Its top moved in 4 mm, to the name box: inside it lies the box's blue, not the border's grey.
    expect(borderGoesRound(region, at(40), 0)).toBe(false);
  });
});
