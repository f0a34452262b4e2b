import { zeroedBytes } from '../image/scratch.ts';
import { planeNoise, type SurfacePlane } from './surface-plane.ts';

/** A print line: a faint straight line across the face along one of its axes, in mm. */
export interface PrintLine {
  vertical: boolean;
  /** Distance from the top (horizontal line) or the left (vertical line), mm. */
  atMm: number;
  lengthMm: number;
  light: boolean;
}

/** How much lighter (or darker) than the print on both sides across it a pixel of the line is, L*. */
const LINE_CONTRAST = 2.5;
/**
 * ...or this many times the face's own noise (planeNoise), if more: in a grainy photo (a 1080p
 * frame's sensor noise and JPEG blocks) a third of a plain border's pixels are that much lighter
 * or darker than the print either side by chance, and a row of them reads as a line.
 */
const NOISE_TIMES = 2.5;
/** The most the print either side of a line may differ by, as a share of the line's contrast. */
const STEP_SHARE = 1;
/** Half the widest print line, mm: the print on either side is read this far away. */
const HALF_WIDTH_MM = 0.19;
/** Share of the face's width (or height) a row (column) must answer along to be a print line. */
const MIN_COVER = 0.55;
/** The share of each end of the card a line must answer along, of the END_SHARE at that end. */
const END_SHARE = 0.15;
const END_COVER = 0.3;

/** Pieces each line is cut into along its length; most must answer, so the line runs the whole way. */
const SEGMENTS = 8;
const MIN_SEGMENTS = 6;
/** Share of a piece's pixels (or of a stretch of border) that must answer for it to count. */
const SEGMENT_COVER = 0.4;
/**
 * Lines this close to the card's side they run along (mm) are left to the design: borders, frame
 * lines and edge stripes crowd there, and a roller line there would be one among them.
 */
const EDGE_BAND_MM = 6;
/** The stretch of art just inside the border (mm) that a line the border hides must reach at both ends. */
const AT_BORDER_MM = 1;
/** Border lightness (L*) at or beyond which a faint light (dark) line may not show in it. */
const HIDING_LIGHT = 85;
const HIDING_DARK = 25;
/** The outer band of a borderless face (mm) that a line of its design does not reach. */
const OUTER_MM = 3;
/** A stretch of border narrower than this (mm, outside the plane's edge band) is too thin to read. */
const MIN_BORDER_MM = 0.8;

/**
 * Print lines (docs/grading.md: 'straight faint lines spanning most of the card'): a row or a column
 * of the face along which most pixels are lighter (or darker) than the print just above and below
 * them (left and right). A factory roller line runs the full width or height of the card, through
 * the border and the art alike, and stands alone. A line of the design does not: the edges of a
 * title bar or a text box stop at the printed border or short of it, rows of type and stripes
 * come in stacks, and frame lines and edge stripes keep close to the card's sides. So a line must
 * answer along nearly all of its length and at its ends (showsAtEnds; `frame`: the inner edges of
 * the border, mm from each side, null on a face without one), lie EDGE_BAND_MM or more from the
 * sides it runs along and away from the frame lines, and be the only such line of its direction.
 */
export function findPrintLines(
  plane: SurfacePlane,
  size: { widthMm: number; heightMm: number },
  frame: { top: number; right: number; bottom: number; left: number } | null,
): PrintLine[] {
  const { L, w, h, p } = plane;
  const k = Math.max(2, Math.round(HALF_WIDTH_MM * p));
  if (w < 4 * k || h < 4 * k) return [];
  const found: PrintLine[] = [];
  const marks = zeroedBytes('print-marks', w * h);
  const contrast = Math.max(LINE_CONTRAST, NOISE_TIMES * planeNoise(plane, k));
  const { rows, columns, endX, endY } = coverage(L, w, h, k, contrast, marks);
  for (const vertical of [false, true]) {
    const { light, dark } = vertical ? columns : rows;
    const nAlong = vertical ? h : w;
    const nEnd = vertical ? endY : endX;
    const lengthMm = vertical ? size.heightMm : size.widthMm;
    const across = vertical ? size.widthMm : size.heightMm;
    const fromMm = (j: number) => (vertical ? plane.toMm(j, 0).x : plane.toMm(0, j).y);
    const frameAt = frame
      ? vertical
        ? [frame.left, size.widthMm - frame.right]
        : [frame.top, size.heightMm - frame.bottom]
      : [];
    // Along most of the card and into both its ends: a line of type or a frame in the art
    // stops short of one end or both.
    const answers = (c: Counts, j: number) =>
      c.all[j]! >= MIN_COVER * nAlong && c.first[j]! >= END_COVER * nEnd && c.last[j]! >= END_COVER * nEnd;
    const candidates: { j: number; cover: number; light: boolean }[] = [];
    let best: { j: number; cover: number; light: boolean } | null = null;
    const flush = () => {
      const at = best ? fromMm(best.j) : 0;
      if (best && at >= EDGE_BAND_MM && at <= across - EDGE_BAND_MM && !frameAt.some((f) => Math.abs(at - f) < 1.2))
        candidates.push(best);
      best = null;
    };
    for (let j = 0; j < light.all.length; j += 1) {
      const isLight = answers(light, j);
      if (isLight || answers(dark, j)) {
        // One line answers on a few neighbouring rows: keep the row it answers best on.
        const cover = (isLight ? light : dark).all[j]! / nAlong;
        if (!best || cover > best.cover) best = { j, cover, light: isLight };
      } else flush();
    }
    flush();
    const line = (c: { j: number; light: boolean }) => ({
      marks,
      w,
      h,
      pxPerMm: p,
      vertical,
      j: c.j,
      bit: (c.light ? 1 : 2) << (vertical ? 2 : 0),
    });
    const origin = vertical ? plane.toMm(0, 0).y : plane.toMm(0, 0).x;
    const ends = lineEnds(
      frame ? (vertical ? [frame.top, frame.bottom] : [frame.left, frame.right]) : null,
      lengthMm,
      (mm) => Math.round((mm - origin) * p),
      p,
    );
    const lines = candidates.filter((c) => runsWhole(line(c), k) && showsAtEnds(line(c), c.light, ends, L));
    // A roller line stands alone: several across one face are a pattern of the design (rows of a
    // back's text, stripes), which a face rarely shows as damage twice over. Only the lone line is
    // then held against the print's own pattern beside its ends on a borderless face, so that
    // leaving out one line of a pattern does not leave another of its lines standing alone.
    const lone = lines.length === 1 ? lines[0]! : null;
    if (lone && (ends.borders.length > 0 || ends.outer.every((s) => standsOut(line(lone), s))))
      found.push({ vertical, atMm: Math.round(fromMm(lone.j) * 100) / 100, lengthMm, light: lone.light });
  }
  return found;
}

/** One row (or column) of the marks and the bit a line of its kind sets there. */
interface MarkedLine {
  marks: Uint8Array;
  w: number;
  h: number;
  /** The plane's pixels per mm. */
  pxPerMm: number;
  vertical: boolean;
  j: number;
  bit: number;
}

/** Whether the line answers in nearly every piece of its length, not in a few long runs. */
function runsWhole(line: MarkedLine, k: number): boolean {
  const n = (line.vertical ? line.h : line.w) - 2 * (k + 1);
  let answering = 0;
  for (let s = 0; s < SEGMENTS; s += 1) {
    const from = k + 1 + Math.floor((s * n) / SEGMENTS);
    const to = k + 1 + Math.floor(((s + 1) * n) / SEGMENTS);
    if (answerShare(line, from, to) >= SEGMENT_COVER) answering += 1;
  }
  return answering >= MIN_SEGMENTS;
}

/** Share of the line's pixels from `from` to `to` (along it) that answer, on its row or the next either side. */
function answerShare(line: MarkedLine, from: number, to: number): number {
  const { marks, w, h, vertical, j, bit } = line;
  const across = vertical ? w : h;
  let hits = 0;
  let n = 0;
  for (let t = Math.max(0, from); t < Math.min(to, vertical ? h : w); t += 1) {
    n += 1;
    for (let d = -1; d <= 1; d += 1) {
      const c = j + d;
      if (c < 0 || c >= across) continue;
      if (marks[vertical ? t * w + c : c * w + t]! & bit) {
        hits += 1;
        break;
      }
    }
  }
  return n ? hits / n : 0;
}

/** Stretches along a line, [from, to) in plane pixels. */
type Stretch = [number, number];

/**
 * Where a print line must show at its ends. On a face with a printed border: in that border at
 * either end. A faint line can hide in a border of its own extreme (a light line in a near-white
 * border, a dark one in a near-black border); where every border it crosses could hide it, it
 * must show instead in the art right up to the border at both ends, where a title bar or a rule
 * of the design stops short. On a face with no border wide enough to read: in the outer OUTER_MM
 * of the card at both ends.
 */
function showsAtEnds(line: MarkedLine, light: boolean, ends: LineEnds, L: Float32Array): boolean {
  const shows = (s: Stretch) => answerShare(line, s[0], s[1]) >= SEGMENT_COVER;
  if (!ends.borders.length) return ends.outer.every(shows);
  if (ends.borders.some(shows)) return true;
  const hides = (s: Stretch) =>
    light ? besideLine(line, s, L) >= HIDING_LIGHT : besideLine(line, s, L) <= HIDING_DARK;
  return ends.borders.every(hides) && ends.atBorder.every(shows);
}

/**
 * Rows (columns) this far to either side of a line (mm) are read for the print's own pattern, and
 * the line must answer along a stretch this many times as often as they do.
 */
const BESIDE_FROM_MM = 0.5;
const BESIDE_TO_MM = 1.5;
const STANDS_OUT = 2;

/**
 * Whether the line answers along a stretch far more often than the rows beside it: a foil's
 * pattern of fine light lines (arcs, a diagonal screen) marks every row it crosses, so a rule of
 * the design that stops short of the card's side seems to reach the side through it; a roller
 * line there is a line of its own.
 */
function standsOut(line: MarkedLine, s: Stretch): boolean {
  const beside: number[] = [];
  const across = line.vertical ? line.w : line.h;
  const pxPerMm = line.pxPerMm;
  for (let d = Math.round(BESIDE_FROM_MM * pxPerMm); d <= Math.round(BESIDE_TO_MM * pxPerMm); d += 1)
    for (const j of [line.j - d, line.j + d])
      if (j >= 1 && j < across - 1) beside.push(answerShare({ ...line, j }, s[0], s[1]));
  const pattern = beside.reduce((t, v) => t + v, 0) / Math.max(1, beside.length);
  return answerShare(line, s[0], s[1]) >= STANDS_OUT * pattern;
}

interface LineEnds {
  /** The printed border at each end, where wide enough to read (none on a borderless face). */
  borders: Stretch[];
  /** The art's first AT_BORDER_MM inside the border at each end. */
  atBorder: Stretch[];
  /** The card's outer OUTER_MM at each end. */
  outer: Stretch[];
}

function lineEnds(inner: [number, number] | null, lengthMm: number, toPx: (mm: number) => number, p: number): LineEnds {
  const start = Math.max(0, toPx(0));
  const end = toPx(lengthMm);
  const outer: Stretch[] = [
    [start, toPx(OUTER_MM)],
    [toPx(lengthMm - OUTER_MM), end],
  ];
  if (!inner) return { borders: [], atBorder: [], outer };
  const borders = (
    [
      [start, toPx(inner[0] - 0.3)],
      [toPx(lengthMm - inner[1] + 0.3), end],
    ] as Stretch[]
  ).filter(([from, to]) => to - from >= MIN_BORDER_MM * p);
  const atBorder: Stretch[] = [
    [toPx(inner[0] + 0.3), toPx(inner[0] + 0.3 + AT_BORDER_MM)],
    [toPx(lengthMm - inner[1] - 0.3 - AT_BORDER_MM), toPx(lengthMm - inner[1] - 0.3)],
  ];
  return { borders, atBorder, outer };
}

/** The median lightness of the print just beside the line (two rows or columns away either side) over a stretch. */
function besideLine(line: MarkedLine, [from, to]: Stretch, L: Float32Array): number {
  const { w, h, vertical, j } = line;
  const values: number[] = [];
  for (let t = Math.max(0, from); t < Math.min(to, vertical ? h : w); t += 1) {
    for (const c of [j - 2, j + 2])
      if (c >= 0 && c < (vertical ? w : h)) values.push(L[vertical ? t * w + c : c * w + t]!);
  }
  values.sort((a, b) => a - b);
  return values.length ? values[values.length >> 1]! : NaN;
}

/** Counts along one row or column: in all, and in its first and last END_SHARE. */
interface Counts {
  all: Float64Array;
  first: Float64Array;
  last: Float64Array;
}
const counts = (n: number): Counts => ({
  all: new Float64Array(n),
  first: new Float64Array(n),
  last: new Float64Array(n),
});

/**
 * For each row, how many of its pixels are lighter, and how many darker, than the print k pixels
 * above and below them by `contrast`; for each column the same against the print k pixels to
 * the left and right. A pixel counts for a row (column) when it answers on that row (column) or
 * the next one either side: a line a fraction of a degree off the axis.
 */
function coverage(L: Float32Array, w: number, h: number, k: number, contrast: number, marks: Uint8Array) {
  markAcross(L, w, h, k, contrast, marks);
  const endX = Math.round(w * END_SHARE);
  const endY = Math.round(h * END_SHARE);
  // Column counts by band of rows (the first END_SHARE, the middle, the last), added up at the end.
  const bands = [0, 1, 2].map(() => ({ light: new Float64Array(w), dark: new Float64Array(w) }));
  const rows = { light: counts(h), dark: counts(h) };
  const tally = new Int32Array(2);
  const x0 = k + 1;
  const x1 = w - k - 1;
  for (let y = k + 1; y < h - k - 1; y += 1) {
    const band = bands[y < endY ? 0 : y >= h - endY ? 2 : 1]!;
    // Along the row: its first END_SHARE, the middle and the last, each a span of its own.
    const spans = [x0, Math.max(x0, Math.min(endX, x1)), Math.max(x0, Math.min(w - endX, x1)), x1];
    for (let s = 0; s < 3; s += 1) {
      tallySpan(marks, w, y, spans[s]!, spans[s + 1]!, band.light, band.dark, tally);
      rows.light.all[y]! += tally[0]!;
      rows.dark.all[y]! += tally[1]!;
      if (s !== 1) {
        const part = s === 0 ? 'first' : 'last';
        rows.light[part][y]! += tally[0]!;
        rows.dark[part][y]! += tally[1]!;
      }
    }
  }
  const columns = { light: counts(w), dark: counts(w) };
  for (const kind of ['light', 'dark'] as const) {
    const [first, middle, last] = bands.map((b) => b[kind]) as [Float64Array, Float64Array, Float64Array];
    const c = columns[kind];
    for (let x = 0; x < w; x += 1) c.all[x] = first[x]! + middle[x]! + last[x]!;
    c.first.set(first);
    c.last.set(last);
  }
  return { rows, columns, endX, endY };
}

/** Bits of each pixel: 1 lighter and 2 darker than above and below; 4 lighter and 8 darker than left and right. */
function markAcross(L: Float32Array, w: number, h: number, k: number, contrast: number, marks: Uint8Array): void {
  const up = k * w;
  for (let y = k; y < h - k; y += 1) {
    for (let x = k, i = y * w + k; x < w - k; x += 1, i += 1) {
      const c = L[i]!;
      const a = L[i - up]!;
      const b = L[i + up]!;
      const l = L[i - k]!;
      const r = L[i + k]!;
      marks[i] = across(c, a, b, contrast, 1, 2) | across(c, l, r, contrast, 4, 8);
    }
  }
}

/**
 * `light` if c is lighter than the print on both sides of it (a and b) by `contrast`, `dark`
 * if darker, else 0. The two sides must agree to within STEP_SHARE of the contrast: beside a
 * step in the print (a coloured band's edge) a phone's sharpening draws a light halo on the
 * step's light side and a dark one on its dark side, a line one or two photo pixels wide that
 * runs the band's whole width. A roller line lies on the print, the same on both sides of it.
 */
function across(c: number, a: number, b: number, contrast: number, light: number, dark: number): number {
  const least = Math.max(contrast, Math.abs(a - b) / STEP_SHARE);
  if (c - Math.max(a, b) > least) return light;
  if (Math.min(a, b) - c > least) return dark;
  return 0;
}

/**
 * Counts the pixels from x0 to x1 of row y: for the row (`tally`: light, dark), from the marks
 * of the pixel and those above and below it; for each column, from the marks of the pixel and
 * those left and right of it. The counts are whole numbers, so their order of addition is free.
 */
function tallySpan(
  marks: Uint8Array,
  w: number,
  y: number,
  x0: number,
  x1: number,
  columnLight: Float64Array,
  columnDark: Float64Array,
  tally: Int32Array,
): void {
  let light = 0;
  let dark = 0;
  for (let x = x0, i = y * w + x0; x < x1; x += 1, i += 1) {
    const row = marks[i - w]! | marks[i]! | marks[i + w]!;
    light += row & 1;
    dark += (row >> 1) & 1;
    const column = marks[i - 1]! | marks[i]! | marks[i + 1]!;
    if (column & 4) columnLight[x]! += 1;
    if (column & 8) columnDark[x]! += 1;
  }
  tally[0] = light;
  tally[1] = dark;
}
