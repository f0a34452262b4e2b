import type { Point } from '../geometry/homography.ts';
import { isShadeOf } from '../image/color.ts';
import type { Raster } from '../image/raster.ts';

/** The samples of a profile as the step search reads them: an array, or a profile read lazily. */
export interface Samples {
  readonly length: number;
  at(i: number): number;
  /**
   * The median of the samples from `from` up to `to` (within the profile), or of their distances
   * from `centre` when it is given; 0 when there are none.
   */
  median(from: number, to: number, centre?: number): number;
}

/**
 * One profile across a side, outside to inside: the colour at each step and its distance from
 * the table, read only at the steps the searches ask for (the step search skips most of the
 * table before the outline; nothing reads far beyond it). Where the first steps fall outside
 * the photo the profile starts flat at the first step inside it.
 */
export class Profile implements Samples {
  readonly length: number;
  /** Mean colour at each step (where `read` is set: see `readRange`). */
  readonly colours: Float32Array;
  /** The first step inside the photo (-1 if none), and whether every step from there on is. */
  readonly firstInside: number;
  readonly insideFromFirst: boolean;
  private readonly values: Float64Array;
  /** 1 for the steps read so far. */
  private readonly read: Uint8Array;

  constructor(
    private readonly photo: Raster,
    private readonly base: Point,
    private readonly normal: Point,
    private readonly dir: Point,
    private readonly reach: number,
    private readonly steps: number,
    private readonly fromBackground: (r: number, g: number, b: number) => number,
    buffers: { colours: Float32Array; values: Float64Array; read: Uint8Array },
  ) {
    this.length = steps + 1;
    this.colours = buffers.colours;
    this.values = buffers.values;
    this.read = buffers.read.fill(0);
    this.firstInside = firstStepInside(photo, base, normal, dir, reach, steps);
    // A sample's coordinates move monotonically with the step (every rounding step is
    // monotonic), so the steps inside the photo are one run: it reaches the last step or not.
    this.insideFromFirst = this.firstInside >= 0 && stepInside(photo, base, normal, dir, reach, steps, steps);
  }

  at(i: number): number {
    if (!(i >= 0 && i < this.length)) return Number.NaN;
    if (i < this.firstInside) return this.at(this.firstInside);
    if (!this.read[i]) this.readStep(i);
    return this.values[i]!;
  }

  median(from: number, to: number, centre?: number): number {
    this.readRange(Math.max(0, this.firstInside, from), Math.min(this.length, to) - 1);
    return medianAlong((i) => this.at(i), this.length, from, to, centre);
  }

  /**
   * Reads the steps from `from` to `to` inclusive that are not read yet (their colours too),
   * each run of them in one call.
   */
  readRange(from: number, to: number): void {
    const read = this.read;
    for (let i = from; i <= to; i += 1) {
      if (read[i]) continue;
      let j = i;
      while (j < to && !read[j + 1]) j += 1;
      readProfile(
        this.photo,
        this.base,
        this.normal,
        this.dir,
        this.reach,
        this.steps,
        this.fromBackground,
        this.colours,
        this.values,
        i,
        j + 1,
      );
      read.fill(1, i, j + 1);
      i = j;
    }
  }

  /** Each step is read on its own: the value of a step does not depend on the others. */
  private readStep(i: number): void {
    readProfile(
      this.photo,
      this.base,
      this.normal,
      this.dir,
      this.reach,
      this.steps,
      this.fromBackground,
      this.colours,
      this.values,
      i,
      i + 1,
    );
    this.read[i] = 1;
  }
}

/** Whether all five samples of step s of a profile fall inside the photo. */
function stepInside(
  photo: Raster,
  base: Point,
  normal: Point,
  dir: Point,
  reach: number,
  steps: number,
  s: number,
): boolean {
  const maxX = photo.width - 1;
  const maxY = photo.height - 1;
  const offset = reach - (2 * reach * s) / steps;
  for (let along = -4; along <= 4; along += 2) {
    const x = base.x + normal.x * offset + dir.x * along;
    const y = base.y + normal.y * offset + dir.y * along;
    if (!(x >= 0 && y >= 0 && x <= maxX && y <= maxY)) return false;
  }
  return true;
}

/** The first step of a profile inside the photo, -1 if none. */
function firstStepInside(photo: Raster, base: Point, normal: Point, dir: Point, reach: number, steps: number): number {
  for (let s = 0; s <= steps; s += 1) if (stepInside(photo, base, normal, dir, reach, steps, s)) return s;
  return -1;
}

/**
 * Steps `from` to `to` of one profile across a side, outside to inside: the colour at each step
 * (into `colours`) and its distance from the table (into `profile`), NaN where it leaves the
 * photo. A function of its own so the JIT compiles this loop once for good instead of within the
 * side search around it.
 */
function readProfile(
  photo: Raster,
  base: Point,
  normal: Point,
  dir: Point,
  reach: number,
  steps: number,
  fromBackground: (r: number, g: number, b: number) => number,
  colours: Float32Array,
  profile: Float64Array,
  from: number,
  to: number,
): void {
  const px = photo.data;
  const pw = photo.width;
  const maxX = photo.width - 1;
  const maxY = photo.height - 1;
  const { x: bx, y: by } = base;
  const { x: nx, y: ny } = normal;
  const { x: dx, y: dy } = dir;
  for (let s = from; s < to; s += 1) {
    const offset = reach - (2 * reach * s) / steps; // outside to inside
    // The step's point on the normal, summed first as the expression for each sample did.
    const cx = bx + nx * offset;
    const cy = by + ny * offset;
    // Five samples along the side, 2 px apart, averaged: a faint outline (a dark border on dark cloth)
    // stands out of the sensor noise that a single pixel carries.
    let r = 0;
    let g = 0;
    let bl = 0;
    let ok = true;
    // A bilinear sample written out (this runs five times per step of 200 profiles per face).
    for (let along = -4; along <= 4; along += 2) {
      const x = cx + dx * along;
      const y = cy + dy * along;
      ok = x >= 0 && y >= 0 && x <= maxX && y <= maxY;
      if (!ok) break;
      const x0 = Math.floor(x);
      const y0 = Math.floor(y);
      const fx = x - x0;
      const fy = y - y0;
      const ex = 1 - fx;
      const ey = 1 - fy;
      const i00 = (y0 * pw + x0) * 3;
      const i01 = x0 < maxX ? i00 + 3 : i00;
      const i10 = y0 < maxY ? i00 + pw * 3 : i00;
      const i11 = x0 < maxX ? i10 + 3 : i10;
      // Rounded to 32-bit floats as the sample buffer this replaced did, so results stay the same.
      r += Math.fround((px[i00]! * ex + px[i01]! * fx) * ey + (px[i10]! * ex + px[i11]! * fx) * fy);
      g += Math.fround((px[i00 + 1]! * ex + px[i01 + 1]! * fx) * ey + (px[i10 + 1]! * ex + px[i11 + 1]! * fx) * fy);
      bl += Math.fround((px[i00 + 2]! * ex + px[i01 + 2]! * fx) * ey + (px[i10 + 2]! * ex + px[i11 + 2]! * fx) * fy);
    }
    colours[s * 3] = r / 5;
    colours[s * 3 + 1] = g / 5;
    colours[s * 3 + 2] = bl / 5;
    profile[s] = ok ? fromBackground(r / 5, g / 5, bl / 5) : Number.NaN;
  }
}

export interface Step {
  /** Where the profile crosses half-way from the level before the step to the level after it. */
  half: number;
  /** The level after the step. */
  top: number;
}

/**
 * The first lasting step of a profile after index `start`: the first run of `sustain` samples
 * all more than `rise` above the level `from` (or, with `eitherWay`, away from it in either
 * direction), located at its half-way crossing.
 */
export function findStep(
  profile: Samples,
  start: number,
  from: number,
  rise: number,
  sustain: number,
  end = profile.length,
  eitherWay = false,
): Step | null {
  const first = firstLastingRun(
    profile,
    Math.max(1, start),
    Math.min(profile.length - 1, end),
    from,
    rise,
    sustain,
    eitherWay,
  );
  if (first < 0) return null;
  const top = profile.median(first + sustain, first + sustain + Math.max(4, Math.round(profile.length * 0.04)));
  if (!(eitherWay ? Math.abs(top - from) > rise : top - from > rise)) return null;
  const level = (idx: number) => (profile.at(idx) - from) / (top - from);
  // The half-way crossing of that step: up to it, then back to where it is first reached.
  let j = first;
  while (j < profile.length - 1 && level(j) < 0.5) j += 1;
  while (j > Math.max(1, start) && level(j - 1) >= 0.5) j -= 1;
  const below = level(j - 1);
  const above = level(j);
  if (!(below < 0.5 && above >= 0.5)) return null;
  return { half: j - 1 + (0.5 - below) / (above - below), top };
}

/**
 * The first s from `start` with s + sustain <= last whose `sustain` samples from s on all pass
 * `findStep`'s test, -1 if none. A run is checked from its end: a sample that fails rules out
 * every run through it, so the search moves past it, reading a few of the table's samples
 * instead of all (the first passing run is the same one a scan of every s finds).
 */
function firstLastingRun(
  profile: Samples,
  start: number,
  last: number,
  from: number,
  rise: number,
  sustain: number,
  eitherWay: boolean,
): number {
  let s = start;
  while (s + sustain <= last) {
    let q = s + sustain - 1;
    while (q >= s && (eitherWay ? Math.abs(profile.at(q) - from) > rise : profile.at(q) - from > rise)) q -= 1;
    if (q < s) return s;
    s = q + 1;
  }
  return -1;
}

/**
 * Whether a step leads into a shadow: the colour after it is the table's colour at less light
 * (it was measured from the table, so its distance is that of a darker table), and the step is
 * soft, wider than 0.2 mm from 10% to 90%, where a card's cut edge is as sharp as the photo.
 */
export function shadowLike(profile: Profile, step: Step, steps: number, pxPerMm: number): boolean {
  const h = Math.round(step.half);
  const colours = profile.colours;
  const at = (i: number): [number, number, number] => [colours[i * 3]!, colours[i * 3 + 1]!, colours[i * 3 + 2]!];
  const beforeIdx = Math.max(0, h - Math.round(0.6 * pxPerMm));
  const afterIdx = Math.min(steps, h + Math.round(0.25 * pxPerMm) + 2);
  profile.readRange(beforeIdx, afterIdx);
  const table = at(beforeIdx);
  const shade = at(afterIdx);
  if (!isShadeOf(shade, table)) return false;
  // Softness: 10% to 90% of the way between the two colours' lightness.
  const luma = (i: number) => 0.2126 * colours[i * 3]! + 0.7152 * colours[i * 3 + 1]! + 0.0722 * colours[i * 3 + 2]!;
  const l0 = luma(beforeIdx);
  const l1 = luma(afterIdx);
  if (!(l0 - l1 > 4)) return false;
  let r10 = h;
  while (r10 > beforeIdx && (l0 - luma(r10)) / (l0 - l1) > 0.1) r10 -= 1;
  let r90 = h;
  while (r90 < afterIdx && (l0 - luma(r90)) / (l0 - l1) < 0.9) r90 += 1;
  return r90 - r10 > Math.max(4, 0.2 * pxPerMm);
}

/**
 * The share of an outline's rises below the one that stands for the photo's blur. Focus blurs
 * the whole outline alike; a sleeve's or top loader's plastic over a side, a shadow's penumbra or
 * a faint stretch only soften parts of it. So the sharper quarter reads the focus: the median
 * turned sharp photos of cards in holders away as too blurry (3 of 160 zoo tuning pairs, none
 * after), and the blurred bad inputs refused before are refused still.
 */
export const SHARPEST_SHARE = 0.25;

/**
 * The 10% to 90% width, in samples, of the step through index h of a profile, between the
 * levels before and after it; NaN when the step is too faint to tell (sensor noise would move
 * the 10% and 90% points by pixels). The levels are read 3 to 10 samples either side; where the
 * rise fills RISE_FILLS of that reach, the step is wider than the window shows (a blurred photo: the
 * levels read were still on its slope, and the rise came out a third of its width), so it is read
 * again with the levels farther out, as far as the profile reaches. Not with `widen` false: a
 * printed edge inside the border has other print within the wider reach; such a rise that fills
 * the window is NaN, as wide as the window shows or wider (a blurred photo's print read 4 to 6
 * pixels wide, its card's edge 12 to 30, and the sharp print passed it). With `sharperHalf`, twice
 * the sharper half of the rise (10% to half-way, half-way to 90%): focus blurs both alike, while a
 * shadow on the table beside the card softens only the outer one and a shade printed just inside
 * its edge only the inner one.
 */
export function riseAt(profile: Samples, h: number, widen = true, sharperHalf = false): number {
  let rise = riseWithin(profile, h, RISE_WINDOWS[0]!, sharperHalf);
  if (!widen) return rise >= RISE_FILLS * RISE_WINDOWS[0]!.far ? Number.NaN : rise;
  for (let k = 1; widen && k < RISE_WINDOWS.length; k += 1) {
    const window = RISE_WINDOWS[k]!;
    if (!(rise >= RISE_FILLS * RISE_WINDOWS[k - 1]!.far) || h - window.far < 0 || h + window.far > profile.length)
      break;
    const wider = riseWithin(profile, h, window, sharperHalf);
    // Other print within the wider reach (a border's inner edge) can only narrow a real step.
    if (!(wider > rise)) break;
    rise = wider;
  }
  return rise;
}

/**
 * A profile's own colours (gamma RGB) read along the line from the colour just outside a step at
 * index h to the colour just inside it (the first rise window's levels): a scale on which a
 * blurred edge's ramp stays a ramp, for timing its rise. The profile's values are a
 * shadow-tolerant distance from the table, which stays near zero while a colour passes for the
 * table in shade and then leaps to the full distance: a dark card's blurred edge on a light table
 * read as a step of one or two samples there (blurred zoo tuning slabs 243 and 488, 30 px wide).
 * A shadow beside the card is part of that ramp: `riseAt` with `sharperHalf` leaves it out. Null
 * where the two colours are too alike to give the line a direction.
 */
export function alongStep(profile: Profile, h: number): Samples | null {
  const mean = (from: number, to: number): number[] | null => {
    const start = Math.max(0, profile.firstInside, from);
    const end = Math.min(profile.length, to);
    if (end <= start) return null;
    profile.readRange(start, end - 1);
    const sum = [0, 0, 0];
    for (let i = start; i < end; i += 1) for (let c = 0; c < 3; c += 1) sum[c]! += profile.colours[i * 3 + c]!;
    return sum.map((v) => v / (end - start));
  };
  const { near, far } = RISE_WINDOWS[0]!;
  const outside = mean(h - far, h - near + 1);
  const inside = mean(h + near, h + far + 1);
  if (!outside || !inside) return null;
  const span = Math.hypot(...inside.map((v, c) => v - outside[c]!));
  if (!(span >= 1)) return null;
  const unit = inside.map((v, c) => (v - outside[c]!) / span);
  const col = profile.colours;
  const at = (i: number): number => {
    if (!(i >= 0 && i < profile.length) || Number.isNaN(profile.at(i))) return Number.NaN;
    const k = Math.max(i, profile.firstInside) * 3;
    return (
      (col[k]! - outside[0]!) * unit[0]! +
      (col[k + 1]! - outside[1]!) * unit[1]! +
      (col[k + 2]! - outside[2]!) * unit[2]!
    );
  };
  return {
    length: profile.length,
    at,
    median: (from, to, centre) => medianAlong(at, profile.length, from, to, centre),
  };
}

/**
 * Whether a step at index h stands clear of the table on the profile's own (shadow-tolerant)
 * scale: its levels 3 to 10 samples either side differ by RISE_CONTRAST. Where it does not,
 * `riseAt` on that profile is NaN.
 */
export function stepStandsClear(profile: Samples, h: number): boolean {
  const [before, after] = levelsAround(profile, h, RISE_WINDOWS[0]!);
  return Math.abs(after - before) >= RISE_CONTRAST;
}

/** A rise this share of the window's reach or more may run past it: the next window is tried. */
const RISE_FILLS = 0.35;
/** Where the levels before and after a step are read, in samples from it. */
const RISE_WINDOWS = [
  { near: 3, far: 10 },
  { near: 6, far: 20 },
  { near: 12, far: 40 },
] as const;

/** Below this difference between the levels either side of a step, its rise is not timed (sensor noise would move it by pixels). */
const RISE_CONTRAST = 20;

/** The levels before and after a step at index h, read `window.near` to `window.far` samples from it. */
function levelsAround(profile: Samples, h: number, window: { near: number; far: number }): [number, number] {
  return [
    profile.median(Math.max(0, h - window.far), Math.max(1, h - window.near)),
    profile.median(h + window.near, h + window.far),
  ];
}

function riseWithin(profile: Samples, h: number, window: { near: number; far: number }, sharperHalf: boolean): number {
  const [before, after] = levelsAround(profile, h, window);
  if (!(Math.abs(after - before) >= RISE_CONTRAST)) return Number.NaN;
  const mix = (idx: number) => (profile.at(idx) - before) / (after - before);
  let r10 = h;
  while (r10 > 0 && h - r10 < 2 * window.far && mix(r10) > 0.1) r10 -= 1;
  let r90 = h;
  while (r90 < profile.length - 1 && r90 - h < 2 * window.far && mix(r90) < 0.9) r90 += 1;
  // Where the profile crosses 10% and 90%, between samples.
  const cross = (i: number, target: number) => {
    const lo = mix(i);
    const hi = mix(i + 1);
    return hi !== lo ? i + Math.max(0, Math.min(1, (target - lo) / (hi - lo))) : i;
  };
  if (!sharperHalf) return cross(r90 - 1, 0.9) - cross(r10, 0.1);
  // Each half of the step, from 10% to half-way and from there to 90%: a blur spreads a step
  // alike either side of it, a shadow beside the card or a shade printed inside its edge one side only.
  let r50 = h;
  while (r50 > r10 && mix(r50) >= 0.5) r50 -= 1;
  while (r50 < r90 - 1 && mix(r50 + 1) < 0.5) r50 += 1;
  const half = cross(r50, 0.5);
  return 2 * Math.min(half - cross(r10, 0.1), cross(r90 - 1, 0.9) - half);
}

/** A buffer for the few samples a median reads, shared: a profile's medians ran on fresh arrays. */
let scratch = new Float64Array(256);
const scratchFor = (n: number): Float64Array => (n <= scratch.length ? scratch : (scratch = new Float64Array(n * 2)));

/** The median of at(i) for i from `from` up to `to` (within `length`), or of their distances from `centre`; 0 when there are none. */
function medianAlong(at: (i: number) => number, length: number, from: number, to: number, centre?: number): number {
  const start = Math.max(0, from);
  const end = Math.min(length, to);
  const values = scratchFor(Math.max(0, end - start));
  let n = 0;
  for (let i = start; i < end; i += 1) values[n++] = centre === undefined ? at(i) : Math.abs(at(i) - centre);
  return medianOfFirst(values, n);
}

/**
 * The median of the first n values, sorted in place. The same value `median` picks: profile
 * samples are never NaN (a profile is used only where all its steps are inside the photo).
 */
function medianOfFirst(values: Float64Array, n: number): number {
  if (!n) return 0;
  // Insertion sort: a dozen to a few dozen values.
  for (let i = 1; i < n; i += 1) {
    const v = values[i]!;
    let j = i - 1;
    while (j >= 0 && values[j]! > v) {
      values[j + 1] = values[j]!;
      j -= 1;
    }
    values[j + 1] = v;
  }
  return values[n >> 1]!;
}
