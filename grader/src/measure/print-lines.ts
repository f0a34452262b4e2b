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
 * the next one either side: a line a fraction of a degree off the axis. One pass in row order.
 */
function coverage(L: Float32Array, w: number, h: number, k: number, marks: Uint8Array) {
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
      // Bits: 1 lighter and 2 darker than above and below; 4 lighter and 8 darker than left and right.
      marks[i] = (hi > a && hi > b ? 1 : lo < a && lo < b ? 2 : 0) | (hi > l && hi > r ? 4 : lo < l && lo < r ? 8 : 0);
    }
  }
  const rows = { light: counts(h), dark: counts(h) };
  const columns = { light: counts(w), dark: counts(w) };
  const endX = Math.round(w * END_SHARE);
  const endY = Math.round(h * END_SHARE);
  for (let y = k + 1; y < h - k - 1; y += 1) {
    const columnPart = y < endY ? 'first' : y >= h - endY ? 'last' : null;
    for (let x = k + 1, i = y * w + k + 1; x < w - k - 1; x += 1, i += 1) {
      const row = marks[i - w]! | marks[i]! | marks[i + w]!;
      const rowPart = x < endX ? 'first' : x >= w - endX ? 'last' : null;
      if (row & 1) add(rows.light, y, rowPart);
      if (row & 2) add(rows.dark, y, rowPart);
      const column = marks[i - 1]! | marks[i]! | marks[i + 1]!;
      if (column & 4) add(columns.light, x, columnPart);
      if (column & 8) add(columns.dark, x, columnPart);
    }
  }
  return { rows, columns, endX, endY };
}

function add(c: Counts, j: number, part: 'first' | 'last' | null): void {
  c.all[j]! += 1;
  if (part) c[part][j]! += 1;
}
