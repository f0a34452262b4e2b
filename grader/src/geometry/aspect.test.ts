import { describe, expect, it } from 'vitest';
import { cardRatio } from './aspect.ts';
import { distance, type Point } from './homography.ts';

const photo = { width: 4000, height: 3000 };

/**
 * A 63 x 88 mm card photographed by a pinhole camera (principal point at the photo's centre,
 * focal length `focal` photo widths) tilted `tiltDeg` about the card's horizontal axis, then
 * `turnDeg` about its vertical one, its centre `offsetMm` right of the lens's axis: its corners.
 */
function photographed(tiltDeg: number, { focal = 26 / 36, turnDeg = 0, offsetMm = 0 } = {}): [Point, Point, Point, Point] {
  const f = focal * photo.width;
  const t = (tiltDeg * Math.PI) / 180;
  const u = (turnDeg * Math.PI) / 180;
  const distanceMm = 200;
  const project = (x: number, y: number): Point => {
    const [x1, y1, z1] = [x, y * Math.cos(t), y * Math.sin(t)];
    const [cx, cy, cz] = [x1 * Math.cos(u) + z1 * Math.sin(u) + offsetMm, y1, distanceMm - x1 * Math.sin(u) + z1 * Math.cos(u)];
    return { x: photo.width / 2 + (f * cx) / cz, y: photo.height / 2 + (f * cy) / cz };
  };
  return [project(-31.5, -44), project(31.5, -44), project(31.5, 44), project(-31.5, 44)];
}

const plainRatio = ([tl, tr, br, bl]: [Point, Point, Point, Point]) => (distance(tl, tr) + distance(bl, br)) / (distance(tl, bl) + distance(tr, br));

describe('the card ratio from its corners', () => {
  it('undoes the perspective of a slanted view, where the plain side ratio would name the other card size', () => {
    const corners = photographed(15, { focal: 1.2, turnDeg: 8, offsetMm: 20 });
    expect(Math.abs(plainRatio(corners) - 63 / 88)).toBeGreaterThan(0.015);
    expect(cardRatio(corners, photo)).toBeCloseTo(63 / 88, 3);
  });

  it("assumes a phone's lens when a tilt about the card's own axis hides the focal length", () => {
    const corners = photographed(15);
    expect(Math.abs(plainRatio(corners) - 63 / 88)).toBeGreaterThan(0.015);
    expect(cardRatio(corners, photo)).toBeCloseTo(63 / 88, 2);
  });

  it('keeps the plain side ratio for a view square on, whatever noise the corners carry', () => {
    const [tl, tr, br, bl] = photographed(0);
    const noisy: [Point, Point, Point, Point] = [{ x: tl.x + 0.6, y: tl.y - 0.4 }, { x: tr.x - 0.5, y: tr.y + 0.3 }, br, { x: bl.x + 0.4, y: bl.y }];
    expect(cardRatio(noisy, photo)).toBeCloseTo(63 / 88, 2);
  });
});
