import { zeroedBytes } from '../image/scratch.ts';
import { components, DIRECTIONS, principalLine, type FoundLine } from './art-scratches.ts';
import type { SurfacePlane } from './surface-plane.ts';
import { degreesFromAxis, medianSideStep } from './line-sides.ts';

/** Where the light and the dark band are read, mm to either side of a candidate pixel. */
const BAND_MM = 0.25;
/** Where the print beyond each band is read, mm to either side. */
const BEYOND_MM = 1;
/** L* between the light band and the dark band. */
const PAIR_CONTRAST = 14;
/** L* by which each band differs from the print just beyond it. */
const BAND_CONTRAST = 5;
/** Shorter pieces are not joined into a crease; shorter creases are not reported. */
const MIN_PIECE_MM = 3;
// A fold shorter than 12 mm is as short as the bevels and shadows of a design's small plates and
// badges, which it could not be told from.
const MIN_LENGTH_MM = 12;
/** Pixels farther than this from the piece's line mean a curve, which a fold is not. */
const MAX_OFF_LINE_MM = 0.45;
/**
 * A fold is straight: the middle of a piece lies on the line through its ends to within the bow
 * of a card bent a little in the hand (this share of its length) or the plane's own jitter
 * (pixels), whichever is more. A design's curve (the rim of an oval, a swirl) bends more; in a
 * low-resolution photo its light rim and dark shadow are a pair as plain as a fold's.
 */
const MAX_BOW_SHARE = 0.015;
const MAX_BOW_PX = 2;
/** The share of its length along which a crease's two bands must still read as a pair. */
const MIN_PAIR_COVERAGE = 0.5;
/** Pieces of one fold line, broken where the print under it hides a band, are joined across this gap. */
const MAX_GAP_MM = 6;

/**
 * Creases: long straight lines lit as a pair, a light band on one side and a dark band on the
 * other, each standing out from the print just beyond it (docs/grading.md: 'long lines with a
 * light/dark shading pair across them'). An edge in the artwork is a single step, dark on one side
 * only, and a printed line or a scratch is light or dark on both sides, so neither is a pair; a
 * pair must also run straight for several millimetres. Searched on the half-resolution plane.
 */
export function findCreases(plane: SurfacePlane): FoundLine[] {
  const { L, w, h, p } = plane;
  const reach = Math.ceil(BEYOND_MM * p) + 1;
  if (w < 4 * reach || h < 4 * reach) return [];
  const marks = zeroedBytes('crease-marks', w * h);
  markPairs(L, w, h, Math.max(1, Math.round(BAND_MM * p)), Math.round(BEYOND_MM * p), reach, marks);
  const pieces: { ax: number; ay: number; bx: number; by: number; code: number }[] = [];
  for (const blob of components(marks, w, h)) {
    if (blob.length < MIN_PIECE_MM * p) continue;
    // One direction and one side lit, as along a fold: the pixels of the commonest kind. Print the
    // fold crosses (a line of text) adds pixels of other kinds, and a few stray ones beside it.
    const counts = new Map<number, number>();
    for (const i of blob) counts.set(marks[i]!, (counts.get(marks[i]!) ?? 0) + 1);
    const code = [...counts.entries()].reduce((a, b) => (b[1] > a[1] ? b : a))[0];
    const own = blob.filter((i) => marks[i] === code);
    const line = straightRun(own, w, MAX_OFF_LINE_MM * p);
    // A blob that is not one straight run (a fold whose marks run into the print it crosses, or
    // split between two directions of search) may still hold one: its long runs lit on one side.
    const runs = line ? [{ ...line, pixels: own, code }] : straightRunsIn(blob, marks, w, MAX_OFF_LINE_MM * p, p);
    for (const run of runs) {
      if (run.length < MIN_PIECE_MM * p || run.pixels.length < run.length * 0.6) continue;
      if (Math.abs(bow(run.pixels, w, run)) > Math.max(MAX_BOW_SHARE * run.length, MAX_BOW_PX)) continue;
      pieces.push({ ax: run.ax, ay: run.ay, bx: run.bx, by: run.by, code: run.code });
    }
  }
  // Only a pair long enough to be a crease on its own is followed past its ends. A pair that runs
  // along the card's axes to within a third of a degree is the design's: the bevel of a frame or
  // a text box is drawn light on one side and dark on the other, square to the card as the
  // rectification can tell (a side fits to about a tenth of a degree); a fold is rarely that square.
  const followed = joinPieces(pieces, p, MAX_GAP_MM)
    .filter((c) => length(c) >= MIN_LENGTH_MM * p && !alongAnAxis(c))
    .map((c) => extend(c, L, w, h, p, reach));
  // Stretches of one fold that print hid between them lie on one line, however far apart (each, once
  // followed, may reach across to the other): they are one fold, as long as both together.
  return (
    joinPieces(followed, p, Infinity)
      // A fold crosses the design; a pair along an edge of it (the bevel and shadow of a name plate
      // set at a slant) has one print on one side and another on the other.
      .filter((c) => {
        const step = medianSideStep(plane, c.ax, c.ay, c.bx, c.by, SIDE_MM * p);
        return step < (nearlySquare(c) ? SQUARE_SIDE_STEP : SIDE_STEP);
      })
      .filter((c, _, all) => !all.some((o) => o !== c && besideIt(c, o, p)))
      // A fold shades the card along nearly all of its length; a line of type read as one is a pair
      // only where its letters are (zoo tuning: folds 0.74 to 0.89 of their length, a line of type 0.16).
      .filter((c) => pairCoverage(c, L, w, h, p) >= MIN_PAIR_COVERAGE)
      // A fold found both as a straight run and as a run in a blob of print is one crease.
      .filter(
        (c, i, all) =>
          !all.some(
            (o, j) => j !== i && sameFold(c, o, p) && (length(o) > length(c) || (length(o) === length(c) && j < i)),
          ),
      )
      .map((c) => {
        const a = plane.toMm(c.ax, c.ay);
        const b = plane.toMm(c.bx, c.by);
        return { x1: a.x, y1: a.y, x2: b.x, y2: b.y, lengthMm: Math.hypot(b.x - a.x, b.y - a.y) };
      })
  );
}

/**
 * The line through most of the pixels: their principal axis, when nine in ten lie within
 * `maxOff` of it, and its extent over those; null for a curve or a blob.
 */
function straightRun(pixels: number[], w: number, maxOff: number) {
  const axis = principalLine(pixels, w);
  const len = Math.hypot(axis.bx - axis.ax, axis.by - axis.ay) || 1;
  const ux = (axis.bx - axis.ax) / len;
  const uy = (axis.by - axis.ay) / len;
  let lo = Infinity;
  let hi = -Infinity;
  let near = 0;
  for (const i of pixels) {
    const dx = (i % w) - axis.ax;
    const dy = ((i / w) | 0) - axis.ay;
    if (Math.abs(-dx * uy + dy * ux) > maxOff) continue;
    near += 1;
    const t = dx * ux + dy * uy;
    lo = Math.min(lo, t);
    hi = Math.max(hi, t);
  }
  if (near < pixels.length * 0.9) return null;
  return {
    ax: axis.ax + lo * ux,
    ay: axis.ay + lo * uy,
    bx: axis.ax + hi * ux,
    by: axis.ay + hi * uy,
    length: hi - lo + 1,
  };
}

/** Lines tried through a blob that is not one straight run, and runs taken from it at most. */
const RUN_TRIALS = 64;
const RUNS_PER_BLOB = 3;
/**
 * A run taken from a blob of print is this long (mm) at least: the print's own strokes lit on
 * one side (a swirl on a back, letters along a line of type) line up over 12 to 16 mm (zoo
 * tuning: the false creases of seeds 216, 446, 547 and 620 at a shorter limit); the folds
 * found this way run 50 mm and more.
 */
const MIN_RUN_IN_PRINT_MM = 20;
/** Marked pixels along a run lie no farther apart than this (mm). */
const RUN_GAP_MM = 0.5;
/** Kinds of mark count as one side lit when that side lies at least this far (cosine) across the line. */
const MIN_LIT_ACROSS = Math.cos((67.5 * Math.PI) / 180);

/** Which side of its direction a mark's code found lit, as a unit vector: markPairs reads the light band first at minus the normal (-ty, tx). */
function litSide(code: number): [number, number] {
  const { tx, ty } = DIRECTIONS[((code - 1) >> 1) as 0 | 1 | 2 | 3]!;
  return (code - 1) % 2 === 0 ? [ty, -tx] : [-ty, tx];
}

/** The code of the search direction nearest a line along (ux, uy), lit on the side `sign` gives of its normal (-uy, ux). */
function codeAlong(ux: number, uy: number, sign: number): number {
  let best = { code: 1, along: -1 };
  DIRECTIONS.forEach(({ tx, ty }, d) => {
    const along = Math.abs(tx * ux + ty * uy);
    if (along <= best.along) return;
    const [lx, ly] = litSide(1 + 2 * d);
    best = { code: (-lx * uy + ly * ux) * sign > 0 ? 1 + 2 * d : 2 + 2 * d, along };
  });
  return best.code;
}

/**
 * The straight runs in a blob that holds more than one line (a fold merged with the print it
 * crosses: a frame's edge, a line of type), longest first: of lines through pairs of its pixels
 * at least MIN_PIECE_MM apart, the one with the most marks within `maxOff`, lit on one side of it
 * (a fold between two directions of search is marked along each in turn), in one stretch without
 * a gap over RUN_GAP_MM; then the same in what is left. Pairs come from a fixed sequence, so a
 * face always reads the same.
 */
function straightRunsIn(blob: number[], marks: Uint8Array, w: number, maxOff: number, p: number) {
  const runs: { ax: number; ay: number; bx: number; by: number; length: number; pixels: number[]; code: number }[] = [];
  let left = blob;
  let seed = blob.length;
  const pick = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return left[Math.floor((seed / 2147483648) * left.length)]!;
  };
  while (runs.length < RUNS_PER_BLOB && left.length >= MIN_PIECE_MM * p) {
    let best: (typeof runs)[number] | null = null;
    for (let trial = 0; trial < RUN_TRIALS; trial += 1) {
      const a = pick();
      const b = pick();
      const [ax, ay, bx, by] = [a % w, (a / w) | 0, b % w, (b / w) | 0];
      const len = Math.hypot(bx - ax, by - ay);
      if (len < MIN_PIECE_MM * p) continue;
      const [ux, uy] = [(bx - ax) / len, (by - ay) / len];
      const near: { i: number; t: number; lit: number }[] = [];
      for (const i of left) {
        const dx = (i % w) - ax;
        const dy = ((i / w) | 0) - ay;
        if (Math.abs(-dx * uy + dy * ux) > maxOff) continue;
        const [lx, ly] = litSide(marks[i]!);
        near.push({ i, t: dx * ux + dy * uy, lit: -lx * uy + ly * ux });
      }
      const sign =
        near.filter((q) => q.lit >= MIN_LIT_ACROSS).length >= near.filter((q) => q.lit <= -MIN_LIT_ACROSS).length
          ? 1
          : -1;
      const lit = near.filter((q) => q.lit * sign >= MIN_LIT_ACROSS).sort((q, r) => q.t - r.t);
      let start = 0;
      for (let k = 1; k <= lit.length; k += 1) {
        if (k < lit.length && lit[k]!.t - lit[k - 1]!.t <= RUN_GAP_MM * p) continue;
        if (!best || k - start > best.pixels.length) {
          const [lo, hi] = [lit[start]!.t, lit[k - 1]!.t];
          best = {
            ax: ax + lo * ux,
            ay: ay + lo * uy,
            bx: ax + hi * ux,
            by: ay + hi * uy,
            length: hi - lo + 1,
            pixels: lit.slice(start, k).map((q) => q.i),
            code: codeAlong(ux, uy, sign),
          };
        }
        start = k;
      }
    }
    if (!best || best.length < MIN_RUN_IN_PRINT_MM * p) break;
    // The line through the run's pixels, not through the two that found it: a mark is two pixels wide.
    const centred = straightRun(best.pixels, w, maxOff);
    runs.push(centred ? { ...best, ...centred } : best);
    const taken = new Set(best.pixels);
    left = left.filter((i) => !taken.has(i));
  }
  return runs;
}

/**
 * Marks each pixel where, across one of four directions, a light band on one side and a dark
 * band on the other each stand out from the print beyond them: 1 + 2 x direction + (dark side
 * first ? 1 : 0), for the direction with the strongest pair. A function of its own so the JIT
 * compiles this loop once for good.
 */
function markPairs(
  L: Float32Array,
  w: number,
  h: number,
  band: number,
  beyond: number,
  reach: number,
  marks: Uint8Array,
): void {
  // Index offsets of the band and the beyond points, along each direction's normal, made int32
  // here, where the JIT sees it, so that it indexes with integer sums.
  const [n0, n1, n2, n3] = DIRECTIONS.map(({ tx, ty }) => (Math.round(-ty * band) + Math.round(tx * band) * w) | 0) as [
    number,
    number,
    number,
    number,
  ];
  const [f0, f1, f2, f3] = DIRECTIONS.map(
    ({ tx, ty }) => (Math.round(-ty * beyond) + Math.round(tx * beyond) * w) | 0,
  ) as [number, number, number, number];
  for (let y = reach; y < h - reach; y += 1) {
    for (let i = y * w + reach, end = y * w + w - reach; i < end; i += 1) {
      // The first direction of the strongest pair (a tie keeps the earlier one).
      let best = 0;
      let code = 0;
      const s0 = pairAt(L, i, n0, f0);
      if (Math.abs(s0) > best) {
        best = Math.abs(s0);
        code = s0 > 0 ? 1 : 2;
      }
      const s1 = pairAt(L, i, n1, f1);
      if (Math.abs(s1) > best) {
        best = Math.abs(s1);
        code = s1 > 0 ? 3 : 4;
      }
      const s2 = pairAt(L, i, n2, f2);
      if (Math.abs(s2) > best) {
        best = Math.abs(s2);
        code = s2 > 0 ? 5 : 6;
      }
      const s3 = pairAt(L, i, n3, f3);
      if (Math.abs(s3) > best) code = s3 > 0 ? 7 : 8;
      marks[i] = code;
    }
  }
}

/** The contrast of a pair across offset `n` (positive with the light band first), else 0. */
function pairAt(L: Float32Array, i: number, n: number, f: number): number {
  const a = L[i - n]!;
  const b = L[i + n]!;
  const contrast = Math.abs(a - b);
  if (!(contrast > PAIR_CONTRAST)) return 0;
  const A = L[i - f]!;
  const B = L[i + f]!;
  // The lighter band lighter than the print beyond it, the darker band darker than its own.
  if (a > b) return a - A > BAND_CONTRAST && B - b > BAND_CONTRAST ? a - b : 0;
  return b - B > BAND_CONTRAST && A - a > BAND_CONTRAST ? a - b : 0;
}

/** Where the print either side of a crease is read (mm, beyond its bands) and the L* step there that makes it an edge of the design. */
const SIDE_MM = 1.5;
const SIDE_STEP = 8;

type Piece = { ax: number; ay: number; bx: number; by: number; code: number };

/** Within this many degrees of the card's sides, a pair is taken for the design's. */
const SQUARE_DEG = 0.3;

const alongAnAxis = (c: Piece) => degreesFromAxis(c.ax, c.ay, c.bx, c.by) < SQUARE_DEG;

/**
 * Within this many degrees of the card's sides, rules, bars and the bevels of plates set a
 * little askew are drawn as pairs too, with print on either side that differs only a little
 * (a plate's tint against the art). There a pair is taken for a fold only over print that is the
 * same on both sides to within SQUARE_SIDE_STEP: a fold that square over busy print is missed,
 * and a card graded down for its own print costs more trust than a rare square fold left to the eye.
 */
const NEAR_SQUARE_DEG = 3;
const SQUARE_SIDE_STEP = 1.5;

const nearlySquare = (c: Piece) => degreesFromAxis(c.ax, c.ay, c.bx, c.by) < NEAR_SQUARE_DEG;

/** Pairs closer than this (mm) and running the same way (within NEAR_SQUARE_DEG) are the edges of one printed shape. */
const BESIDE_MM = 10;
const ON_THE_LINE_MM = 1;

/**
 * Whether `o` runs alongside `c`: the same way, its middle within BESIDE_MM of c's line, and not
 * on it (both its ends within ON_THE_LINE_MM): a piece on the line is more of the same fold,
 * seen again past print that hid it.
 */
function besideIt(c: Piece, o: Piece, p: number): boolean {
  const turn = Math.abs(Math.atan2(c.by - c.ay, c.bx - c.ax) - Math.atan2(o.by - o.ay, o.bx - o.ax)) % Math.PI;
  if (Math.min(turn, Math.PI - turn) > (NEAR_SQUARE_DEG * Math.PI) / 180) return false;
  const len = Math.hypot(c.bx - c.ax, c.by - c.ay) || 1;
  const off = (x: number, y: number) => Math.abs(-(x - c.ax) * (c.by - c.ay) + (y - c.ay) * (c.bx - c.ax)) / len;
  if (off(o.ax, o.ay) <= ON_THE_LINE_MM * p && off(o.bx, o.by) <= ON_THE_LINE_MM * p) return false;
  return off((o.ax + o.bx) / 2, (o.ay + o.by) / 2) < BESIDE_MM * p;
}

const length = (c: Piece) => Math.hypot(c.bx - c.ax, c.by - c.ay);

/** Whether `c` and `o` lie on one line (each end of the shorter within ON_THE_LINE_MM of the other's line) and overlap. */
function sameFold(c: Piece, o: Piece, p: number): boolean {
  const [short, long] = length(c) <= length(o) ? [c, o] : [o, c];
  const len = length(long) || 1;
  const ux = (long.bx - long.ax) / len;
  const uy = (long.by - long.ay) / len;
  const off = (x: number, y: number) => Math.abs(-(x - long.ax) * uy + (y - long.ay) * ux);
  if (off(short.ax, short.ay) > ON_THE_LINE_MM * p || off(short.bx, short.by) > ON_THE_LINE_MM * p) return false;
  const t = (x: number, y: number) => (x - long.ax) * ux + (y - long.ay) * uy;
  const [ta, tb] = [t(short.ax, short.ay), t(short.bx, short.by)];
  return Math.min(Math.max(ta, tb), len) - Math.max(Math.min(ta, tb), 0) > 0;
}

/**
 * Follows a crease past each end to the last point where its pair still shows as it marked the
 * fold (both bands standing out, and apart by the pair contrast). The walk crosses print where only
 * one band shows (over print as light as the light band only the dark one stands out, and the fold
 * goes on), and stops after 1 mm with neither, or at the edge of the searched area. Ending at the
 * last band of either kind read folds up to 6 mm long (zoo tuning): past a fold's end, mottled print
 * is often light or dark on one side by chance, and 40 mm is where a fold costs two grades more.
 */
function extend(c: Piece, L: Float32Array, w: number, h: number, p: number, reach: number): Piece {
  const { lightFirst, nx, ny, band, beyond } = acrossPair(c, p);
  const at = (x: number, y: number) => L[Math.round(y) * w + Math.round(x)]!;
  const NEITHER = 0;
  const ONE = 1;
  const PAIR = 2;
  const shows = (x: number, y: number) => {
    if (x < reach || y < reach || x >= w - reach || y >= h - reach) return NEITHER;
    const a = at(x - nx * band, y - ny * band);
    const b = at(x + nx * band, y + ny * band);
    const A = at(x - nx * beyond, y - ny * beyond);
    const B = at(x + nx * beyond, y + ny * beyond);
    const [light, dark] = lightFirst ? [a - A, B - b] : [b - B, A - a];
    if (light > BAND_CONTRAST && dark > BAND_CONTRAST && Math.abs(a - b) > PAIR_CONTRAST) return PAIR;
    return light > BAND_CONTRAST || dark > BAND_CONTRAST ? ONE : NEITHER;
  };
  const len = Math.hypot(c.bx - c.ax, c.by - c.ay) || 1;
  const ux = (c.bx - c.ax) / len;
  const uy = (c.by - c.ay) / len;
  const walk = (x: number, y: number, sx: number, sy: number) => {
    let seen = 0;
    let paired = 0;
    for (let t = 1; t - seen <= p && x + sx * t >= 0 && y + sy * t >= 0 && x + sx * t < w && y + sy * t < h; t += 1) {
      const s = shows(x + sx * t, y + sy * t);
      if (s !== NEITHER) seen = t;
      if (s === PAIR) paired = t;
    }
    return paired;
  };
  const ahead = walk(c.bx, c.by, ux, uy);
  const behind = walk(c.ax, c.ay, -ux, -uy);
  return { ...c, ax: c.ax - ux * behind, ay: c.ay - uy * behind, bx: c.bx + ux * ahead, by: c.by + uy * ahead };
}

/** Joins pieces that lie on one line (the same lit side, at most `maxGapMm` between them) into one crease. */
function joinPieces(pieces: Piece[], p: number, maxGapMm: number) {
  const out = pieces.map((q) => ({ ...q }));
  for (let merged = true; merged;) {
    merged = false;
    for (let i = 0; i < out.length && !merged; i += 1) {
      for (let j = i + 1; j < out.length && !merged; j += 1) {
        const joined = join(out[i]!, out[j]!, p, maxGapMm);
        if (joined) {
          out[i] = joined;
          out.splice(j, 1);
          merged = true;
        }
      }
    }
  }
  return out;
}

function join(p: Piece, q: Piece, pxPerMm: number, maxGapMm: number): Piece | null {
  if (p.code !== q.code) return null;
  const len = length(p);
  const ux = (p.bx - p.ax) / len;
  const uy = (p.by - p.ay) / len;
  // Both ends of q near p's line, and q running the same way.
  const off = (x: number, y: number) => Math.abs(-(x - p.ax) * uy + (y - p.ay) * ux);
  if (off(q.ax, q.ay) > MAX_OFF_LINE_MM * 2 * pxPerMm || off(q.bx, q.by) > MAX_OFF_LINE_MM * 2 * pxPerMm) return null;
  const t = (x: number, y: number) => (x - p.ax) * ux + (y - p.ay) * uy;
  const [qa, qb] = [t(q.ax, q.ay), t(q.bx, q.by)];
  const gap = Math.max(Math.min(qa, qb) - len, -Math.max(qa, qb), 0);
  if (gap > maxGapMm * pxPerMm) return null;
  const lo = Math.min(0, qa, qb);
  const hi = Math.max(len, qa, qb);
  return { ax: p.ax + lo * ux, ay: p.ay + lo * uy, bx: p.ax + hi * ux, by: p.ay + hi * uy, code: p.code };
}

/**
 * How far the middle half of a piece's pixels lies to one side of the line through its ends,
 * against its outer quarters (plane pixels, signed): about nought for a straight run.
 */
function bow(pixels: number[], w: number, line: { ax: number; ay: number; bx: number; by: number }): number {
  const len = Math.hypot(line.bx - line.ax, line.by - line.ay) || 1;
  const ux = (line.bx - line.ax) / len;
  const uy = (line.by - line.ay) / len;
  // Offsets summed and counted over the first quarter, the middle half and the last quarter.
  const sums = [0, 0, 0];
  const counts = [0, 0, 0];
  for (const i of pixels) {
    const dx = (i % w) - line.ax;
    const dy = ((i / w) | 0) - line.ay;
    const t = (dx * ux + dy * uy) / len;
    if (t < 0 || t > 1) continue;
    const part = t < 0.25 ? 0 : t > 0.75 ? 2 : 1;
    sums[part]! += -dx * uy + dy * ux;
    counts[part]! += 1;
  }
  if (!counts[0] || !counts[1] || !counts[2]) return 0;
  return sums[1]! / counts[1]! - (sums[0]! / counts[0]! + sums[2]! / counts[2]!) / 2;
}

/** The share of a crease's length along which its light and dark bands still read as a pair: each standing out from the print beyond it, at half the contrasts that marked it. */
function pairCoverage(c: Piece, L: Float32Array, w: number, h: number, p: number): number {
  const { lightFirst, nx, ny, band, beyond } = acrossPair(c, p);
  const at = (x: number, y: number) =>
    L[Math.min(h - 1, Math.max(0, Math.round(y))) * w + Math.min(w - 1, Math.max(0, Math.round(x)))]!;
  const len = Math.hypot(c.bx - c.ax, c.by - c.ay) || 1;
  const steps = Math.max(1, Math.floor(len));
  let held = 0;
  for (let k = 0; k <= steps; k += 1) {
    const x = c.ax + ((c.bx - c.ax) * k) / steps;
    const y = c.ay + ((c.by - c.ay) * k) / steps;
    const [light, dark] = lightFirst
      ? [at(x - nx * band, y - ny * band), at(x + nx * band, y + ny * band)]
      : [at(x + nx * band, y + ny * band), at(x - nx * band, y - ny * band)];
    const [beyondLight, beyondDark] = lightFirst
      ? [at(x - nx * beyond, y - ny * beyond), at(x + nx * beyond, y + ny * beyond)]
      : [at(x + nx * beyond, y + ny * beyond), at(x - nx * beyond, y - ny * beyond)];
    if (
      light - dark > PAIR_CONTRAST / 2 &&
      light - beyondLight > BAND_CONTRAST / 2 &&
      beyondDark - dark > BAND_CONTRAST / 2
    )
      held += 1;
  }
  return held / (steps + 1);
}

/** Across a pair: which side is lit, the normal it was marked along, and the band and beyond offsets (plane pixels). */
function acrossPair(c: Piece, p: number) {
  const { tx, ty } = DIRECTIONS[((c.code - 1) >> 1) as 0 | 1 | 2 | 3]!;
  return {
    lightFirst: (c.code - 1) % 2 === 0,
    nx: -ty,
    ny: tx,
    band: Math.max(1, Math.round(BAND_MM * p)),
    beyond: Math.round(BEYOND_MM * p),
  };
}
