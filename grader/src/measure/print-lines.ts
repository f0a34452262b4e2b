import { zeroedBytes } from '../image/scratch.ts';
import type { SurfacePlane } from './surface-plane.ts';

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
/** Half the widest print line, mm: the print on either side is read this far away. */
const HALF_WIDTH_MM = 0.19;
/** Share of the face's width (or height) a row (column) must answer along to be a print line. */
const MIN_COVER = 0.7;
/** The share of each end of the card a line must answer along, of the END_SHARE at that end. */
const END_SHARE = 0.15;
const END_COVER = 0.5;

/**
 * Print lines (GRADING.md: 'straight faint lines spanning most of the card'): a row or a column
 * of the face along which most pixels are lighter (or darker) than the print just above and below
 * them (left and right). Printed art and type do not run across most of a card in one line, and
 * an edge in the art is a step, lighter on one side only. The frame lines of the design (`frame`:
 * the inner edges of the border, mm from each side) are left out.
 */
export function findPrintLines(plane: SurfacePlane, size: { widthMm: number; heightMm: number }, frame: { top: number; right: number; bottom: number; left: number } | null): PrintLine[] {
  const { L, w, h, p } = plane;
  const k = Math.max(2, Math.round(HALF_WIDTH_MM * p));
  if (w < 4 * k || h < 4 * k) return [];
  const found: PrintLine[] = [];
  const { rows, columns, endX, endY } = coverage(L, w, h, k, zeroedBytes('print-marks', w * h));
  for (const vertical of [false, true]) {
    const { light, dark } = vertical ? columns : rows;
    const nAlong = vertical ? h : w;
    const nEnd = vertical ? endY : endX;
    const lengthMm = vertical ? size.heightMm : size.widthMm;
    const fromMm = (j: number) => (vertical ? plane.toMm(j, 0).x : plane.toMm(0, j).y);
    const frameAt = frame ? (vertical ? [frame.left, size.widthMm - frame.right] : [frame.top, size.heightMm - frame.bottom]) : [];
    // Along most of the card and into both its ends: a line of type or a frame in the art
    // stops short of one end or both.
    const answers = (c: Counts, j: number) => c.all[j]! >= MIN_COVER * nAlong && c.first[j]! >= END_COVER * nEnd && c.last[j]! >= END_COVER * nEnd;
    let best: { j: number; cover: number; light: boolean } | null = null;
    const flush = () => {
      if (best && !frameAt.some((f) => Math.abs(fromMm(best!.j) - f) < 1.2)) found.push({ vertical, atMm: Math.round(fromMm(best.j) * 100) / 100, lengthMm, light: best.light });
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
  }
  return found;
}

/** Counts along one row or column: in all, and in its first and last END_SHARE. */
interface Counts {
  all: Float64Array;
  first: Float64Array;
  last: Float64Array;
}
const counts = (n: number): Counts => ({ all: new Float64Array(n), first: new Float64Array(n), last: new Float64Array(n) });

/**
 * For each row, how many of its pixels are lighter, and how many darker, than the print k pixels
 * above and below them by LINE_CONTRAST; for each column the same against the print k pixels to
 * the left and right. A pixel counts for a row (column) when it answers on that row (column) or
 * the next one either side: a line a fraction of a degree off the axis.
 */
function coverage(L: Float32Array, w: number, h: number, k: number, marks: Uint8Array) {
  markAcross(L, w, h, k, marks);
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
function markAcross(L: Float32Array, w: number, h: number, k: number, marks: Uint8Array): void {
  const up = k * w;
  for (let y = k; y < h - k; y += 1) {
    for (let x = k, i = y * w + k; x < w - k; x += 1, i += 1) {
      const c = L[i]!;
      const hi = c - LINE_CONTRAST;
      const lo = c + LINE_CONTRAST;
      const a = L[i - up]!;
      const b = L[i + up]!;
      const l = L[i - k]!;
      const r = L[i + k]!;
      marks[i] = (hi > a && hi > b ? 1 : lo < a && lo < b ? 2 : 0) | (hi > l && hi > r ? 4 : lo < l && lo < r ? 8 : 0);
    }
  }
}

/**
 * Counts the pixels from x0 to x1 of row y: for the row (`tally`: light, dark), from the marks
 * of the pixel and those above and below it; for each column, from the marks of the pixel and
 * those left and right of it. The counts are whole numbers, so their order of addition is free.
 */
function tallySpan(marks: Uint8Array, w: number, y: number, x0: number, x1: number, columnLight: Float64Array, columnDark: Float64Array, tally: Int32Array): void {
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
