import { describe, expect, it } from 'vitest';
import { orderTopShort, plausibleCard } from './card-corners.ts';
import { distance, type Point } from './homography.ts';

const PHOTO = { width: 1000, height: 800 };

/** The corners of an axis-aligned rectangle, clockwise from the top-left. */
const rectangle = (x: number, y: number, w: number, h: number): [Point, Point, Point, Point] => [
  { x, y },
  { x: x + w, y },
  { x: x + w, y: y + h },
  { x, y: y + h },
];

describe('a card-shaped quadrilateral', () => {
  it('takes a 63 x 88 card upright or on its side', () => {
    expect(plausibleCard(rectangle(300, 100, 315, 440), PHOTO)).toBe(true);
    expect(plausibleCard(rectangle(200, 200, 440, 315), PHOTO)).toBe(true);
  });

  it('refuses a square and a strip, whose sides are no card ratio', () => {
    expect(plausibleCard(rectangle(300, 100, 400, 400), PHOTO)).toBe(false);
    expect(plausibleCard(rectangle(300, 100, 200, 600), PHOTO)).toBe(false);
  });

  it('refuses corners more than a tenth of the photo beyond its edge', () => {
    // 63 x 88 in shape, its left side 150 px left of the photo (the margin is 100 px).
    expect(plausibleCard(rectangle(-150, 100, 315, 440), PHOTO)).toBe(false);
    expect(plausibleCard(rectangle(-50, 100, 315, 440), PHOTO)).toBe(true);
  });
});

describe('ordering a card\u2019s corners', () => {
  it('orders a card lying on its side portrait: clockwise, a short side on top', () => {
    // Landscape in the photo, given in a scrambled order.
    const [tl, tr, br, bl] = rectangle(100, 200, 440, 315);
    const ordered = orderTopShort([br, tl, bl, tr]);
    expect(distance(ordered[0], ordered[1])).toBeCloseTo(315, 6);
    expect(distance(ordered[1], ordered[2])).toBeCloseTo(440, 6);
    // Clockwise on screen (y down): turning right at each corner, so every cross product is positive.
    for (let i = 0; i < 4; i += 1) {
      const [p, q, r] = [ordered[i]!, ordered[(i + 1) % 4]!, ordered[(i + 2) % 4]!];
      expect((q.x - p.x) * (r.y - q.y) - (q.y - p.y) * (r.x - q.x)).toBeGreaterThan(0);
    }
    // The short side from the top-right corner down: the card turned a quarter clockwise to stand up.
    expect(ordered).toEqual([tr, br, bl, tl]);
  });

  it('keeps an upright card from its top-left corner', () => {
    const [tl, tr, br, bl] = rectangle(300, 100, 315, 440);
    expect(orderTopShort([bl, br, tr, tl])).toEqual([tl, tr, br, bl]);
  });
});
