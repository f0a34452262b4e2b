import { distance, type Point } from './homography.ts';

/** A quadrilateral's opposite sides summed, the shorter pair over the longer: its shape, perspective and all. */
export function sideRatio(corners: Point[]): number {
  const sides = corners.map((p, i) => distance(p, corners[(i + 1) % 4]!));
  const a = sides[0]! + sides[2]!;
  const b = sides[1]! + sides[3]!;
  return Math.min(a, b) / Math.max(a, b);
}

/** Side i of a quadrilateral (corner i to corner i + 1): its ends, its unit direction, and its unit normal pointing away from the centre. */
export function sideOf(corners: Point[], i: number): { a: Point; b: Point; dir: Point; outward: Point } {
  const a = corners[i]!;
  const b = corners[(i + 1) % corners.length]!;
  const centre = {
    x: corners.reduce((t, p) => t + p.x, 0) / corners.length,
    y: corners.reduce((t, p) => t + p.y, 0) / corners.length,
  };
  const length = distance(a, b);
  const dir = { x: (b.x - a.x) / length, y: (b.y - a.y) / length };
  let outward = { x: -dir.y, y: dir.x };
  if (outward.x * ((a.x + b.x) / 2 - centre.x) + outward.y * ((a.y + b.y) / 2 - centre.y) < 0)
    outward = { x: -outward.x, y: -outward.y };
  return { a, b, dir, outward };
}

/** The shortest of a quadrilateral's four sides. */
export const shortestSide = (corners: Point[]) =>
  Math.min(...corners.map((p, i) => distance(p, corners[(i + 1) % 4]!)));

/** A card's 0.69 to 0.72, widened for a view up to 15 degrees off square. */
export const cardShaped = (corners: Point[]) => sideRatio(corners) > 0.55 && sideRatio(corners) < 0.85;

/**
 * A card seen at a steep slant (a phone held low over a desk): the near side up to 1.3 times the
 * far one, so that the plain side ratio reaches 0.95. Whether it is a card is then told from its
 * ratio with the perspective undone.
 */
export const steepCardShaped = (corners: Point[]) => sideRatio(corners) > 0.5 && sideRatio(corners) < 0.95;

/** Four corners inside the photo's reach, forming a convex card-shaped quadrilateral. */
export function plausibleCard(corners: Point[], photo: { width: number; height: number }): boolean {
  const margin = Math.max(photo.width, photo.height) * 0.1;
  if (corners.some((p) => p.x < -margin || p.y < -margin || p.x > photo.width + margin || p.y > photo.height + margin))
    return false;
  return cardShaped(corners);
}

/** Orders corners clockwise from the top-left, with a short side on top (portrait card). */
export function orderTopShort(corners: [Point, Point, Point, Point]): [Point, Point, Point, Point] {
  const centre = { x: corners.reduce((s, p) => s + p.x, 0) / 4, y: corners.reduce((s, p) => s + p.y, 0) / 4 };
  const clockwise = [...corners].sort(
    (p, q) => Math.atan2(p.y - centre.y, p.x - centre.x) - Math.atan2(q.y - centre.y, q.x - centre.x),
  );
  // Start from the corner closest to the photo's top-left direction.
  let start = 0;
  let best = Infinity;
  clockwise.forEach((p, i) => {
    const score = p.x + p.y;
    if (score < best) {
      best = score;
      start = i;
    }
  });
  let ordered = [0, 1, 2, 3].map((i) => clockwise[(start + i) % 4]!);
  if (distance(ordered[0]!, ordered[1]!) > distance(ordered[1]!, ordered[2]!))
    ordered = [1, 2, 3, 0].map((i) => ordered[i]!);
  return ordered as [Point, Point, Point, Point];
}
