import { distance, type Point } from './homography.ts';

type Vec3 = [number, number, number];
const cross = (a: Vec3, b: Vec3): Vec3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
const dot = (a: Vec3, b: Vec3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];

/**
 * Width-to-height ratio of the rectangle seen as the quadrilateral TL, TR, BR, BL, undoing
 * the perspective with a pinhole camera whose principal point is the photo's centre (Zhang &
 * He, whiteboard scanning). Falls back to the plain side-length ratio when the view is too
 * frontal for the focal length to be known.
 */
export function rectangleAspect(corners: [Point, Point, Point, Point], photo: { width: number; height: number }): number {
  const [tl, tr, br, bl] = corners;
  const c = (p: Point): Vec3 => [p.x - photo.width / 2, p.y - photo.height / 2, 1];
  const m1 = c(tl);
  const m2 = c(tr);
  const m3 = c(bl);
  const m4 = c(br);
  const k2 = dot(cross(m1, m4), m3) / dot(cross(m2, m4), m3);
  const k3 = dot(cross(m1, m4), m2) / dot(cross(m3, m4), m2);
  const n2: Vec3 = [k2 * m2[0] - m1[0], k2 * m2[1] - m1[1], k2 * m2[2] - m1[2]];
  const n3: Vec3 = [k3 * m3[0] - m1[0], k3 * m3[1] - m1[1], k3 * m3[2] - m1[2]];
  const plain = Math.sqrt((n2[0] ** 2 + n2[1] ** 2) / (n3[0] ** 2 + n3[1] ** 2));
  const denominator = n2[2] * n3[2];
  if (Math.abs(denominator) < 1e-9) return plain;
  const f2 = -(n2[0] * n3[0] + n2[1] * n3[1]) / denominator;
  const width = Math.max(photo.width, photo.height);
  if (!Number.isFinite(f2) || f2 < (0.4 * width) ** 2 || f2 > (6 * width) ** 2) return plain;
  const ratio2 = (n2[0] ** 2 / f2 + n2[1] ** 2 / f2 + n2[2] ** 2) / (n3[0] ** 2 / f2 + n3[1] ** 2 / f2 + n3[2] ** 2);
  return Math.sqrt(ratio2);
}

/** A card's width-to-height ratio read two ways: from its side lengths, and with the perspective undone. */
export interface CardRatios {
  plain: number;
  perspective: number;
}

/** The two readings of a card's ratio (TL, TR, BR, BL in photo pixels). */
export function cardRatiosOf(corners: [Point, Point, Point, Point], photo: { width: number; height: number }): CardRatios {
  const [tl, tr, br, bl] = corners;
  return { plain: (distance(tl, tr) + distance(bl, br)) / (distance(tl, bl) + distance(tr, br)), perspective: rectangleAspect(corners, photo) };
}

/**
 * The reading of a card's ratio nearer one of the known `ratios`: a tilt of 15 degrees moves the
 * plain reading by 0.05, more than the two card sizes differ, and a nearly frontal view makes the
 * perspective reading noise.
 */
export function likelierRatio(r: CardRatios, ratios: number[]): number {
  const off = (ratio: number) => Math.min(...ratios.map((known) => Math.abs(ratio - known)));
  return off(r.perspective) <= off(r.plain) ? r.perspective : r.plain;
}

/**
 * Whether two faces show cards of different sizes: they must differ by more than `margin` and
 * fall either side of `split` in both readings, since either reading alone can be fooled (the
 * plain one by a tilt, the perspective one by noise in a frontal view).
 */
export function differentSizes(a: CardRatios, b: CardRatios, split: number, margin: number): boolean {
  const differ = (x: number, y: number) => x < split !== y < split && Math.abs(x - y) > margin;
  return differ(a.plain, b.plain) && differ(a.perspective, b.perspective);
}
