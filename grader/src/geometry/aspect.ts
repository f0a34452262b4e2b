import { distance, type Point } from './homography.ts';

type Vec3 = [number, number, number];
const cross = (a: Vec3, b: Vec3): Vec3 => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];
const dot = (a: Vec3, b: Vec3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];

/** A phone's main camera: 26 mm equivalent over the 36 mm frame's width, in photo long sides. */
const PHONE_FOCAL = 26 / 36;

/**
 * Width-to-height ratio of the rectangle seen as the quadrilateral TL, TR, BR, BL, undoing
 * the perspective with a pinhole camera whose principal point is the photo's centre (Zhang &
 * He, whiteboard scanning). When the view does not tell the focal length (square on, or tilted
 * about one of the card's own axes, so that one pair of sides stays parallel), a phone's main
 * camera is assumed: a 26 mm equivalent lens, 0.72 of the photo's long side. The view tells it
 * only when it holds steady as the corners move by a pixel (FOCAL_JITTER_PX): where one pair of
 * sides is nearly parallel a fraction of a pixel swings it from half the long side to twice it,
 * and a standard card found within 0.2 px of its corners read 0.64, not 0.716 (zoo tuning seed
 * 391's back). An unsteady focal length is let stand where the reading it gives lies within
 * FOCAL_MATTERS of the phone's.
 */
export function rectangleAspect(
  corners: [Point, Point, Point, Point],
  photo: { width: number; height: number },
  focal?: number,
): number {
  const width = Math.max(photo.width, photo.height);
  const sides = vanishing(corners, photo);
  if (focal !== undefined) return aspectWith(sides, (focal * width) ** 2);
  const usable = (f2: number) => Number.isFinite(f2) && f2 >= (0.4 * width) ** 2 && f2 <= (6 * width) ** 2;
  const assumed = aspectWith(sides, (PHONE_FOCAL * width) ** 2);
  const measured = measuredFocal2(sides);
  if (!usable(measured)) return assumed;
  const reading = aspectWith(sides, measured);
  if (Math.abs(assumed - reading) <= FOCAL_MATTERS) return reading;
  for (let i = 0; i < 4; i += 1)
    for (const axis of ['x', 'y'] as const)
      for (const d of [-FOCAL_JITTER_PX, FOCAL_JITTER_PX]) {
        const moved = corners.map((p, k) => (k === i ? { ...p, [axis]: p[axis] + d } : p)) as typeof corners;
        const f2 = measuredFocal2(vanishing(moved, photo));
        if (!usable(f2) || Math.abs(aspectWith(sides, f2) - reading) > FOCAL_STEADY) return assumed;
      }
  return reading;
}

/** Each corner coordinate is moved by this much (photo pixels) to see whether the focal length holds. */
const FOCAL_JITTER_PX = 1;
/** It holds when the reading it gives moves by at most this much. */
const FOCAL_STEADY = 0.004;
/** Readings with the measured and the assumed focal length this close need no check. */
const FOCAL_MATTERS = 0.02;

type Sides = { n2: Vec3; n3: Vec3 };

/** The rectangle's two side directions in the camera's frame, up to the focal length (Zhang & He). */
function vanishing(corners: [Point, Point, Point, Point], photo: { width: number; height: number }): Sides {
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
  return { n2, n3 };
}

/** The focal length squared (photo pixels) that makes the quadrilateral's sides meet at right angles; NaN where none does. */
function measuredFocal2({ n2, n3 }: Sides): number {
  const denominator = n2[2] * n3[2];
  return Math.abs(denominator) < 1e-9 ? NaN : -(n2[0] * n3[0] + n2[1] * n3[1]) / denominator;
}

/** The rectangle's width over height with the focal length squared `f2`. */
function aspectWith({ n2, n3 }: Sides, f2: number): number {
  const ratio2 = (n2[0] ** 2 / f2 + n2[1] ** 2 / f2 + n2[2] ** 2) / (n3[0] ** 2 / f2 + n3[1] ** 2 / f2 + n3[2] ** 2);
  return Math.sqrt(ratio2);
}

/**
 * A card's width-to-height ratio read two ways from its corners in a photo: the plain side ratio,
 * right for a view square on, and with the perspective undone, right for a slanted view (a 15
 * degree tilt moves the plain ratio by 0.05, more than the 0.03 between the two card sizes) as
 * long as the lens's axis meets the photo's centre, which a cropped photo breaks.
 */
export function ratioReadings(
  corners: [Point, Point, Point, Point],
  photo: { width: number; height: number },
): [plain: number, perspective: number] {
  const [tl, tr, br, bl] = corners;
  const plain = (distance(tl, tr) + distance(bl, br)) / (distance(tl, bl) + distance(tr, br));
  return [plain, rectangleAspect(corners, photo)];
}

/** The two card sizes' width over height: 63 x 88 mm and 59 x 86 mm. */
export const CARD_RATIOS = { standard: 63 / 88, small: 59 / 86 } as const;
/** Half-way between the two sizes' ratios: a reading below it is nearer the small size. */
export const SIZE_BETWEEN = (CARD_RATIOS.small + CARD_RATIOS.standard) / 2;

/** How far a reading may lie from a size's ratio and still fit it: half the gap between the sizes. */
const RATIO_SLACK = 0.015;

/**
 * A perspective reading this close to a size's ratio is that size: a card found within half a
 * millimetre reads within 0.003 in the zoo, and the real photos' hand-placed corners within 0.015
 * (lens distortion), still 0.015 short of reading the other size this close.
 */
const RATIO_CLOSE = 0.006;

/**
 * The farthest an outline's ratio with the perspective undone may lie from a size's ratio for the
 * outline to be that card's at all, under some phone lens. The real photos' hand-placed corners
 * read within 0.015 of their size (lens distortion); an outline found on something else (a
 * holder's rim on two sides and the card on the others, a printed box) reads anything.
 */
const RATIO_LOOSE = 0.02;

/**
 * Phone lenses, as the focal length over the photo's long side: a wide main camera (0.6) to a
 * longer one (1.0). A focal length measured from one outline is unsteady where the view is nearly
 * square on, and moves the reading by 0.02 and more for a pixel's move of a corner (the first
 * generator's seed 1176); the reading under each of these lenses does not.
 */
const PHONE_LENSES = [0.6, 0.72, 0.85, 1.0];

/** An outline's ratio with the perspective undone under each phone lens, then under the focal length it measures itself. */
export function lensReadings(
  corners: [Point, Point, Point, Point],
  photo: { width: number; height: number },
): number[] {
  return [...PHONE_LENSES.map((lens) => rectangleAspect(corners, photo, lens)), rectangleAspect(corners, photo)];
}

/** Whether some lens reading of an outline (lensReadings) lies within RATIO_LOOSE of a ratio: it may be that size. */
export const mayReadAs = (readings: readonly number[], ratio: number) =>
  readings.some((r) => Math.abs(r - ratio) <= RATIO_LOOSE);

/**
 * Which faces to grade against a size's ratio: those whose outline fits it within the slack
 * (fitsRatio) and may read as it under some lens (mayReadAs), the owner's placed corners always.
 * The lens test chooses between the faces; it does not turn a pair away on its own: where no face
 * passes it, the slack alone decides.
 */
export function facesToGrade(
  faces: readonly { ratios: readonly number[]; lensRatios: readonly number[]; placed: boolean }[],
  ratio: number,
): boolean[] {
  const fits = faces.map((f) => fitsRatio(f.ratios, ratio));
  const may = faces.map((f) => mayReadAs(f.lensRatios, ratio));
  const lensChooses = faces.some((f, i) => f.placed || (fits[i] && may[i]));
  return faces.map((f, i) => f.placed || (fits[i]! && (!lensChooses || may[i]!)));
}

/**
 * Plain readings this close to one size's ratio on every face keep the pair one size, whatever
 * the perspective readings say: a cropped photo's perspective reading is off (the first
 * generator's read 0.72 plainly, within 0.004 of the standard size). Within the whole slack, a
 * face tilted 15 degrees would agree plainly with a card of the other size.
 */
const PLAIN_AGREE = 0.008;

/** Whether a reading of a face lies within RATIO_SLACK of a ratio: the face fits that size. */
export const fitsRatio = (readings: readonly number[], ratio: number) =>
  readings.some((r) => Math.abs(r - ratio) <= RATIO_SLACK);

/** Whether a face's perspective reading (its last) lies within RATIO_CLOSE of a ratio: that size, under any tilt. */
export const readsAs = (readings: readonly number[], ratio: number) =>
  Math.abs(readings[readings.length - 1]! - ratio) <= RATIO_CLOSE;

/** Whether every reading of a face lies within RATIO_SLACK of a ratio. */
export const surelyFits = (readings: readonly number[], ratio: number) =>
  readings.every((r) => Math.abs(r - ratio) <= RATIO_SLACK);

/**
 * The size every one of a face's lens readings (lensReadings) lies within RATIO_CLOSE of, as a
 * card found within half a millimetre reads under any lens; undefined where they part, or where
 * there are none. An outline 5 mm off a standard card reads 0.695 to 0.7 under every lens (zoo
 * tuning seeds 389, 423, 451), within the slack of the small size but not this close.
 */
function sureSize<K extends string>(readings: readonly number[], ratios: Record<K, number>): K | undefined {
  if (readings.length === 0) return undefined;
  return (Object.keys(ratios) as K[]).find((kind) => readings.every((r) => Math.abs(r - ratios[kind]) <= RATIO_CLOSE));
}

/**
 * The card size both faces agree on, from each face's ratio readings (plain, then perspective):
 * a face fits a size when either reading lies within RATIO_SLACK of its ratio, and surely fits it
 * when both do. The faces show cards of different sizes when each face's perspective reading lies
 * within RATIO_CLOSE of a different size and the plain readings do not both lie within
 * PLAIN_AGREE of one (`inHolder`: faces found through plastic, left out of that), or when every
 * reading of each face under `lens` (its lensReadings) names a different size (sureSize), or when each
 * surely fits a size and no size fits both (the two
 * sizes differ by 0.03, so one reading of an outline misplaced on a frame or a holder would
 * otherwise turn a good pair away); otherwise the standard (widest) size where some face reads it
 * within RATIO_CLOSE (with the perspective undone, or under one of `lens`, each face's
 * lensReadings) and none reads another so, or the size both fit (where every face fits both, the one the perspective readings
 * lie closer to), or the size more faces fit, then the one the readings lie closest to.
 */
export function pairSize<K extends string>(
  faces: number[][],
  ratios: Record<K, number>,
  inHolder: boolean[] = [],
  lens: number[][] = [],
): { ok: true; kind: K } | { ok: false } {
  const kinds = Object.keys(ratios) as K[];
  // Each face's perspective reading close to a different size: cards of different sizes, the
  // plain readings being off by up to 0.05 under a tilt; unless the plain readings both fit one
  // size, as in a cropped photo, whose centre the perspective reading wrongly takes for the
  // lens's axis. Not for a face found in a holder, whose well or rim can read as either size.
  const closeTo = faces.map((readings, i) =>
    inHolder[i] ? undefined : kinds.find((kind) => readsAs(readings, ratios[kind])),
  );
  const plainAgree = kinds.some((kind) =>
    faces.every((readings) => Math.abs(readings[0]! - ratios[kind]) <= PLAIN_AGREE),
  );
  if (closeTo.every((kind) => kind !== undefined) && new Set(closeTo).size > 1 && !plainAgree) return { ok: false };
  // Each face read as its own size under every phone lens and its own focal length: a tilted face's
  // plain reading that happens to lie near the other size is no crop (zoo tuning bad inputs 144, 259:
  // both faces found within 0.1 mm, each lens reading within 0.01 of its size).
  const sure = faces.map((_, i) => (inHolder[i] ? undefined : sureSize(lens[i] ?? [], ratios)));
  if (faces.length > 1 && sure.every((kind) => kind !== undefined) && new Set(sure).size > 1) return { ok: false };
  // Some face's perspective reading, under its own focal length or some phone lens, within
  // RATIO_CLOSE of the standard (widest) size and none so close to another: standard, whatever the
  // other readings fit within the slack (a tilted face's plain reading, or an outline on a white
  // border's printed frame 4 mm inside the card, fits the small size loosely). Not the other way
  // round: that frame reads close to the small size. On zoo tuning seeds 1 to 720 this grades 4
  // pairs refused as different sizes (the misplaced face left out) and the card's own face in 2
  // pairs that graded a misplaced one (seeds 495, 613). The lens readings count both ways: a face
  // reading the standard size only under a phone's lens is read as standard, and one reading the
  // small size under some lens stops the rule.
  const read = new Set(
    faces.flatMap((readings, i) =>
      kinds.filter(
        (kind) =>
          readsAs(readings, ratios[kind]) || (lens[i] ?? []).some((r) => Math.abs(r - ratios[kind]) <= RATIO_CLOSE),
      ),
    ),
  );
  const widest = kinds.reduce((a, b) => (ratios[b] > ratios[a] ? b : a));
  if (read.size === 1 && read.has(widest)) return { ok: true, kind: widest };
  const common = kinds.filter((kind) => faces.every((readings) => fitsRatio(readings, ratios[kind])));
  if (common.length === 1) return { ok: true, kind: common[0]! };
  // Every face fits both sizes within the slack (a tilted face's plain reading can lie near the
  // other size): the perspective readings, right under a tilt, decide.
  if (common.length > 1) {
    const perspectiveOff = (kind: K) =>
      faces.reduce((t, readings) => t + Math.abs(readings[readings.length - 1]! - ratios[kind]), 0);
    return { ok: true, kind: common.reduce((a, b) => (perspectiveOff(b) < perspectiveOff(a) ? b : a)) };
  }
  if (
    common.length === 0 &&
    faces.every((readings, i) => !inHolder[i] && kinds.some((kind) => surelyFits(readings, ratios[kind])))
  )
    return { ok: false };
  // The size more faces fit (a face whose outline was misplaced fits none, and its reading must
  // not pull the other face's size away), then the one the readings lie closest to.
  const fitting = (kind: K) => faces.filter((readings) => fitsRatio(readings, ratios[kind])).length;
  const offBy = (kind: K) =>
    faces.reduce((t, readings) => t + Math.min(...readings.map((r) => Math.abs(r - ratios[kind]))), 0);
  return {
    ok: true,
    kind: kinds.reduce((a, b) =>
      fitting(b) > fitting(a) || (fitting(b) === fitting(a) && offBy(b) < offBy(a)) ? b : a,
    ),
  };
}

/**
 * Where the faces read different sizes: an outline showing along this share of its length or more
 * (outline-candidates.ts) is clear, and one showing along WEAK_OUTLINE.from to WEAK_OUTLINE.to of
 * it is weak. Of the 12 good zoo tuning pairs refused as different sizes (seeds 1 to 720), 6 had
 * one face under 0.9: five the face whose outline lay off the card, at 0.50 to 0.86 (most of it
 * still on the card's edge), and one the card's own outline at 0.21. Among tuning bad inputs 1 to
 * 200, one pair of different cards had a face under 0.95, a black border on a black desk found
 * right along 0.41 of it (149). An outline showing along less than half of it is a card the
 * colour of the table, not an outline off the card.
 */
const CLEAR_OUTLINE = 0.95;
const WEAK_OUTLINE = { from: 0.45, to: 0.9 } as const;

/**
 * The size of a pair whose faces read different sizes, where one face's outline is clear, reads a
 * size closely (readsAs), and was not placed by the owner, and the other's is weak: the weaker is
 * the likelier to lie off the card (on a holder's rim, a line on the table, the card's shadow).
 * Undefined otherwise: two clear outlines of different sizes are two cards, and so are a clear
 * one and one that hardly shows (a card the table's colour, found right).
 */
export function sizeOfTheClearOutline<K extends string>(
  faces: readonly { shown: number; ratios: readonly number[]; placed: boolean }[],
  ratios: Record<K, number>,
): K | undefined {
  const clear = faces.find(
    (face) =>
      !face.placed &&
      face.shown >= CLEAR_OUTLINE &&
      faces.every((f) => f === face || (f.shown >= WEAK_OUTLINE.from && f.shown < WEAK_OUTLINE.to)),
  );
  if (!clear) return undefined;
  return (Object.keys(ratios) as K[]).find((kind) => readsAs(clear.ratios, ratios[kind]));
}
