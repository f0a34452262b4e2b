import { describe, expect, it } from 'vitest';
import { cardRatiosOf, differentSizes, likelierRatio } from './aspect.ts';
import type { Point } from './homography.ts';

const RATIOS = [63 / 88, 59 / 86];
const PHOTO = { width: 4000, height: 3000 };

/**
 * A card of `widthMm` x `heightMm` turned `tiltDeg` about its horizontal axis and half that
 * about its vertical one, 300 mm in front of a pinhole camera of focal length 3000 px and a
 * little off its axis: its corners TL, TR, BR, BL in photo pixels.
 */
function tilted(widthMm: number, heightMm: number, tiltDeg: number): [Point, Point, Point, Point] {
  const t = (tiltDeg * Math.PI) / 180;
  const u = t / 2;
  const project = (x0: number, y0: number): Point => {
    // About the horizontal axis, then the vertical one, then out to the card's place.
    const [y1, z1] = [y0 * Math.cos(t), y0 * Math.sin(t)];
    const [x2, z2] = [x0 * Math.cos(u) + z1 * Math.sin(u), -x0 * Math.sin(u) + z1 * Math.cos(u)];
    const [x, y, z] = [x2 + 20, y1 + 10, z2 + 300];
    return { x: PHOTO.width / 2 + (3000 * x) / z, y: PHOTO.height / 2 + (3000 * y) / z };
  };
  const [w, h] = [widthMm / 2, heightMm / 2];
  return [project(-w, -h), project(w, -h), project(w, h), project(-w, h)];
}

describe("a card's width-to-height ratio", () => {
  it('undoes a 15 degree tilt, which moves the plain side ratio further than the two sizes differ', () => {
    expect(likelierRatio(cardRatiosOf(tilted(63, 88, 15), PHOTO), RATIOS)).toBeCloseTo(63 / 88, 2);
    expect(likelierRatio(cardRatiosOf(tilted(59, 86, 15), PHOTO), RATIOS)).toBeCloseTo(59 / 86, 2);
  });

  it('keeps the plain ratio for a card seen straight on', () => {
    expect(likelierRatio(cardRatiosOf(tilted(63, 88, 0), PHOTO), RATIOS)).toBeCloseTo(63 / 88, 3);
  });

  it('calls two faces different sizes only when both readings say so', () => {
    const standard = { plain: 0.716, perspective: 0.716 };
    // A frontal view whose perspective reading is noise that lands on the small size.
    expect(differentSizes(standard, { plain: 0.717, perspective: 0.684 }, 0.701, 0.02)).toBe(false);
    // A tilted standard card whose plain reading looks small.
    expect(differentSizes(standard, { plain: 0.69, perspective: 0.715 }, 0.701, 0.02)).toBe(false);
    expect(differentSizes(standard, { plain: 0.684, perspective: 0.686 }, 0.701, 0.02)).toBe(true);
  });
});
