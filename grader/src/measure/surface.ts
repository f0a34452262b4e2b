import type { Defect, Face } from '@gradelens/shared';
import type { BorderMeasurement } from './centering.ts';
import type { Lab } from '../image/color.ts';
import { pixelUnder, type LabFace } from './lab-grid.ts';
import { findArtScratches, type FoundLine } from './art-scratches.ts';
import { findCreases } from './creases.ts';
import { findPrintLines } from './print-lines.ts';
import { surfacePlane } from './surface-plane.ts';
import { surfaceGrade } from '../rubric.ts';
import { maskScan, nextMarked } from '../image/mask.ts';
import { zeroedBytes } from '../image/scratch.ts';
import { SIDES, sideLength, type Side } from './sides.ts';
import { quantile } from '../geometry/median.ts';

export interface SurfaceMeasurement {
  /** Scratch length in mm plus 4 x spot area in mm2 (docs/grading.md), this face only. */
  score: number;
  creases: { count: number; longestMm: number };
  defects: Defect[];
  /** Share of the face hidden by glare (near-white, unsaturated, brighter than its print). */
  glareShare: number;
  /** Where it looked: the printed border and the artwork, or only the artwork (no plain border). */
  inspected: 'border_and_art' | 'art';
  /**
   * The share of the face (0 to 1) whose surface could not be read at this resolution, and why:
   * glare over it, or art so full of fine light strokes (foil, hatching, sparkle) that a scratch
   * would not stand out from them. What lies there was not graded, so the report is less sure.
   */
  notAssessed: { share: number; reasons: NotAssessedReason[] };
}

export type NotAssessedReason = 'glare' | 'busy_art' | 'low_resolution';

/**
 * This many light strokes crossing one face's art freely (scratches or not) make it a texture of
 * the print: a worn card shows a few scratches, a foil, sparkle or hatched one strokes everywhere,
 * among which a scratch cannot be told at a phone photo's resolution.
 */
const BUSY_STROKES = 8;

/**
 * Below this many of the photo's own pixels per mm (a 1080p frame gives 5 to 10) the art is not
 * searched for scratches: a scratch 0.06 to 0.12 mm wide and its groove are under a pixel there,
 * drawn as faintly as the art's own light strokes. On zoo tuning seeds 1 to 720 the search found
 * 7 strokes on faces without a scratch at such resolutions, and 4 on faces with one (at 12 px/mm and
 * more: 13 and 20). The low-resolution warning's limit too (src/index.ts), whose message says so.
 */
export const ART_SCRATCH_MIN_PX_PER_MM = 12;

/** Glare is at least this light (CIE L)... */
const GLARE_MIN_L = 95;
/** ...and this much lighter than a white printed border's own white, where the border reads no lighter than PRINTED_WHITE_MAX_L (lighter, glare is over the border too). */
const GLARE_OVER_WHITE = 3;
const PRINTED_WHITE_MAX_L = 98;
/** Pixels this light (RGB about 253) are glare on any card. */
const GLARE_MAX_FLOOR = 99;

/**
 * Surface defects where the print is one flat colour, the printed border: anything that
 * differs from it there (spots, scratches) is damage, not design. Glare is measured over the
 * whole card and left out of every measurement.
 */
export function measureSurface(
  face: LabFace,
  borders: BorderMeasurement,
  faceName: Face,
  measurable: boolean,
): SurfaceMeasurement {
  const { widthMm: w, heightMm: h, pxPerMm: p, marginMm: m } = face.face;
  const glareShare = glareOf(face, glareFloor(borders));
  const defects: Defect[] = [];
  let score = 0;
  // The border's inner edge on each side: the nearest station (Infinity where none was read).
  const innerEdge = (side: Side) => Math.min(...borders.stations[side].filter((v): v is number => v !== null));
  // Inside the printed frame, or (full art) everywhere but a band along the outline.
  const inner = (side: Side) => (measurable && Number.isFinite(innerEdge(side)) ? innerEdge(side) + 0.6 : 2.5);
  const area = { x0: inner('left'), y0: inner('top'), x1: w - inner('right'), y1: h - inner('bottom') };
  const lineDefect = (kind: 'crease' | 'print_line' | 'scratch', l: FoundLine, impliedGrade: number): Defect => ({
    face: faceName,
    kind,
    location: 'surface',
    positionMm: { x: round2((l.x1 + l.x2) / 2), y: round2((l.y1 + l.y2) / 2) },
    // The box's thin side, for a line along an axis, is 0.3 mm about the line.
    boxMm: {
      x: round2(Math.min(l.x1, l.x2, (l.x1 + l.x2) / 2 - 0.15)),
      y: round2(Math.min(l.y1, l.y2, (l.y1 + l.y2) / 2 - 0.15)),
      w: round2(Math.max(0.3, Math.abs(l.x2 - l.x1))),
      h: round2(Math.max(0.3, Math.abs(l.y2 - l.y1))),
    },
    lineMm: { x1: round2(l.x1), y1: round2(l.y1), x2: round2(l.x2), y2: round2(l.y2) },
    sizeMm: round2(l.lengthMm),
    impliedGrade,
  });
  // Creases and print lines run across border and art alike: searched on the whole face but the
  // outline's own band, at half resolution.
  const plane = surfacePlane(face.face);
  const creases = findCreases(plane).filter((c) => !alongAColourEdge(face, c));
  for (const c of creases) defects.push(lineDefect('crease', c, surfaceGrade(0, { count: 1, longestMm: c.lengthMm })));
  const creaseSummary = { count: creases.length, longestMm: Math.max(0, ...creases.map((c) => c.lengthMm)) };
  const frame = measurable
    ? { top: innerEdge('top'), right: innerEdge('right'), bottom: innerEdge('bottom'), left: innerEdge('left') }
    : null;
  const printLines = findPrintLines(plane, { widthMm: w, heightMm: h }, frame).map((l): FoundLine =>
    l.vertical
      ? { x1: l.atMm, y1: 0, x2: l.atMm, y2: h, lengthMm: l.lengthMm }
      : { x1: 0, y1: l.atMm, x2: w, y2: l.atMm, lengthMm: l.lengthMm },
  );
  for (const l of printLines) {
    // Counted as a scratch of its length at half weight (docs/grading.md).
    score += 0.5 * l.lengthMm;
    defects.push(lineDefect('print_line', l, 10));
  }
  // What lies on a crease or a print line is counted once, as that line: the light band of a
  // crease is a light line too, and where either crosses the border it differs from the border.
  const lines = [...creases, ...printLines];
  const coarse = face.face.photoPxPerMm < ART_SCRATCH_MIN_PX_PER_MM;
  const art = coarse ? { scratches: [], strokes: 0 } : findArtScratches(face.face, area);
  const scratches = art.scratches.filter((sc) => !(onLine(lines, sc.x1, sc.y1) && onLine(lines, sc.x2, sc.y2)));
  const busyArt = art.strokes >= BUSY_STROKES;
  if (!busyArt) {
    for (const sc of scratches) {
      score += sc.lengthMm;
      defects.push(lineDefect('scratch', sc, 10));
    }
  }
  const artShare = busyArt || coarse ? (Math.max(0, area.x1 - area.x0) * Math.max(0, area.y1 - area.y0)) / (w * h) : 0;
  const notAssessed = {
    share: round2(Math.min(1, glareShare + artShare)),
    reasons: [
      ...(glareShare > 0.01 ? ['glare' as const] : []),
      ...(busyArt ? ['busy_art' as const] : []),
      ...(coarse ? ['low_resolution' as const] : []),
    ],
  };
  if (!measurable) return { score, creases: creaseSummary, defects, glareShare, inspected: 'art', notAssessed };
  const width = face.face.raster.width;
  const flagged = zeroedBytes('surface-flagged', face.face.raster.width * face.face.raster.height);
  // Flagged pixels in the innermost strip of the band: a blob that reaches them is the art
  // spilling over the frame line (a curved design, a frame that is not quite straight), not damage.
  const atArt = zeroedBytes('surface-at-art', flagged.length);
  // Every pixel of the bands, and how far each lies from its border's colour (ΔE, whole units).
  const band = { inBand: zeroedBytes('surface-in-band', flagged.length), spread: new Float64Array(SPREAD_BINS) };
  for (const side of SIDES) {
    const border = borders.colour[side];
    flagBand(face, side, border, innerEdge(side) - 0.4, flagged, atArt, band);
  }
  const least = Math.max(SPOT_CONTRAST, NOISE_TIMES * medianOf(band.spread));
  // The smallest spot a photo can show: about nine of its own pixels (one pixel of a 1080p
  // photo is 0.1 mm; smaller blobs there are sensor noise and JPEG blocks, not print).
  const minArea = Math.max(0.03, 9 / (face.face.photoPxPerMm * face.face.photoPxPerMm));
  const ringPx = Math.max(2, Math.round((RING_PHOTO_PX / face.face.photoPxPerMm) * p));
  const found = blobs(flagged, width, face.face.raster.height, atArt).filter(
    (b) => !b.touchesArt && b.count / (p * p) >= minArea && contrastOf(face, b, flagged, band.inBand, ringPx) >= least,
  );
  const print = printRows(found, p, m, w, h);
  const flecks = speckles(found, p);
  for (const blob of found) {
    const bw = (blob.maxX - blob.minX + 1) / p;
    const bh = (blob.maxY - blob.minY + 1) / p;
    if (print.has(blob) || flecks.has(blob) || alongTheOutline(bw, bh, w, h)) continue;
    if (onLine(lines, (blob.minX + blob.maxX) / 2 / p - m, (blob.minY + blob.maxY) / 2 / p - m)) continue;
    const area = blob.count / (p * p);
    const long = Math.max(bw, bh);
    const elongated = long >= 1.5 && area / long < 0.35;
    const kind = elongated ? 'scratch' : 'spot';
    score += elongated ? long : 4 * area;
    defects.push({
      face: faceName,
      kind,
      location: 'surface',
      positionMm: { x: round2((blob.minX + blob.maxX) / 2 / p - m), y: round2((blob.minY + blob.maxY) / 2 / p - m) },
      boxMm: { x: round2(blob.minX / p - m), y: round2(blob.minY / p - m), w: round2(bw), h: round2(bh) },
      sizeMm: round2(elongated ? long : Math.sqrt(area / Math.PI)),
      areaMm2: round2(area),
      impliedGrade: 10,
    });
  }
  return { score, creases: creaseSummary, defects, glareShare, inspected: 'border_and_art', notAssessed };
}

/**
 * Where the print either side of a crease is read (mm), and the hue step (CIE a*b* distance)
 * there that, along nine tenths of the crease or more, makes it an edge of the design.
 */
const CREASE_SIDE_MM = 1.5;
const CREASE_SIDE_HUE = 12;
const CREASE_SIDE_SHARE = 0.9;

/**
 * A light and dark pair along an edge where the print changes colour all the way (an outlined
 * arm against the sky, a plate's rim): the design's, even where the two prints are as light as
 * each other, so the crease search's lightness step misses it. A fold crosses the design: even
 * one that runs near an edge of the print crosses it somewhere, the same print either side
 * there (zoo and first-generator folds: a tenth of the length or more under ΔE(a*b*) 4; the
 * design's edges taken for folds, 18 or more). The light on a fold's two facets may differ,
 * which changes lightness, not hue, so only a*b* is compared.
 */
function alongAColourEdge(face: LabFace, c: FoundLine): boolean {
  const { pxPerMm: p, marginMm: m } = face.face;
  const length = c.lengthMm || 1;
  const [ux, uy] = [(c.x2 - c.x1) / length, (c.y2 - c.y1) / length];
  const at = (x: number, y: number) => face.offset((x + m) * p, (y + m) * p);
  const steps: number[] = [];
  for (let t = 0.1 * length; t <= 0.9 * length; t += 0.5) {
    const x = c.x1 + ux * t;
    const y = c.y1 + uy * t;
    const i = at(x - uy * CREASE_SIDE_MM, y + ux * CREASE_SIDE_MM);
    const j = at(x + uy * CREASE_SIDE_MM, y - ux * CREASE_SIDE_MM);
    steps.push(Math.hypot(face.lab[i + 1]! - face.lab[j + 1]!, face.lab[i + 2]! - face.lab[j + 2]!));
  }
  return quantile(steps, 1 - CREASE_SIDE_SHARE) >= CREASE_SIDE_HUE;
}

/** Whether a point (mm) lies on one of the lines: within 0.8 mm of it, between its ends. */
function onLine(lines: FoundLine[], x: number, y: number): boolean {
  return lines.some((c) => {
    const length = c.lengthMm || 1;
    const ux = (c.x2 - c.x1) / length;
    const uy = (c.y2 - c.y1) / length;
    const t = (x - c.x1) * ux + (y - c.y1) * uy;
    return t >= -0.8 && t <= length + 0.8 && Math.abs(-(x - c.x1) * uy + (y - c.y1) * ux) <= 0.8;
  });
}

/**
 * Flags the pixels of one side's border band (1 mm in to `depth`) that differ from the border's
 * colour, and in `atArt` those in its innermost strip.
 */
function flagBand(
  face: LabFace,
  side: Side,
  border: Lab,
  depth: number,
  flagged: Uint8Array,
  atArt: Uint8Array,
  band: Band,
): void {
  const { widthMm: w, heightMm: h, pxPerMm: p, marginMm: m } = face.face;
  const length = sideLength(side, w, h);
  // sidePoint written out, its columns and rows worked out once: the same steps in mm and the
  // same rounding as per pixel, so the same pixels, which are then read row by row.
  const horizontal = side === 'top' || side === 'bottom';
  const far = side === 'right' || side === 'bottom';
  const across = horizontal ? h : w;
  const alongPx: number[] = [];
  for (let along = 4; along <= length - 4; along += 1 / p) alongPx.push(Math.round((along + m) * p));
  const inwardPx: number[] = [];
  const innermost: number[] = [];
  for (let inward = 1.0; inward <= depth; inward += 1 / p) {
    const acrossMm = far ? across - inward : inward;
    inwardPx.push(Math.round((acrossMm + m) * p));
    innermost.push(inward > depth - 2 / p ? 1 : 0);
  }
  const along0 = alongPx.map(() => 0);
  if (horizontal) flagPixels(face, border, alongPx, along0, inwardPx, innermost, flagged, atArt, band);
  else flagPixels(face, border, inwardPx, innermost, alongPx, along0, flagged, atArt, band);
}

/**
 * Flags each pixel (xs[i], ys[j]) that differs from the border's colour, and in `atArt` those
 * whose column or row is marked in `xInner` or `yInner`. A function of its own so the JIT
 * compiles this loop, which runs for every pixel of the border band, once for good.
 */
function flagPixels(
  face: LabFace,
  border: Lab,
  xs: number[],
  xInner: number[],
  ys: number[],
  yInner: number[],
  flagged: Uint8Array,
  atArt: Uint8Array,
  band: Band,
): void {
  const { width, height } = face.face.raster;
  const lab = face.lab;
  const [b0, b1, b2] = border;
  // The pixel `offset` reads for (x, y), its clamp to the raster done once per column and row.
  const columns = xs.map((x) => pixelUnder(x, width));
  for (let j = 0; j < ys.length; j += 1) {
    const y = ys[j]!;
    const row = pixelUnder(y, height) * width;
    for (let k = 0; k < xs.length; k += 1) {
      const x = xs[k]!;
      const i = face.pixelOffset(row + columns[k]!);
      const l = lab[i]!;
      const a = lab[i + 1]!;
      const b = lab[i + 2]!;
      const d2 = (l - b0) ** 2 + (a - b1) ** 2 + (b - b2) ** 2;
      band.inBand[y * width + x] = 1;
      band.spread[Math.min(SPREAD_BINS - 1, Math.floor(Math.sqrt(d2)))]! += 1;
      if (d2 > FLAG_DE * FLAG_DE && !(l > 92 && a * a + b * b < 6 * 6)) {
        flagged[y * width + x] = 1;
        if (xInner[k]! | yInner[j]!) atArt[y * width + x] = 1;
      }
    }
  }
}

interface Band {
  /** 1 for each pixel of the border bands. */
  inBand: Uint8Array;
  /** How many band pixels lie 0, 1, 2, ... ΔE from their border's colour. */
  spread: Float64Array;
}

/** The spread's bins: ΔE 0 to 99, and one for anything further. */
const SPREAD_BINS = 100;
/** A band pixel this far from its border's colour (ΔE) is flagged as maybe not the border. */
const FLAG_DE = 14;
/** A mark must differ from the border right around it as much as a flagged pixel from the border (ΔE)... */
const SPOT_CONTRAST = FLAG_DE;
/**
 * ...and by this many times the border's own spread (the median ΔE of its pixels from its
 * colour) on this face, if more: a grainy or shaded border (sensor noise, JPEG blocks, a foil's
 * sheen) puts many pixels past the flagging threshold by chance, in clusters that are no mark.
 */
const NOISE_TIMES = 3;
/** The ring about a mark that it is compared with, in the photo's own pixels. */
const RING_PHOTO_PX = 2;

/** The median of a histogram of whole-unit values. */
function medianOf(bins: Float64Array): number {
  const total = bins.reduce((a, b) => a + b, 0);
  let seen = 0;
  for (let i = 0; i < bins.length; i += 1) {
    seen += bins[i]!;
    if (seen >= total / 2) return i + 0.5;
  }
  return 0;
}

/**
 * How far a mark stands out of the border right around it (ΔE): the mean colour of its flagged
 * pixels against that of the unflagged band pixels in a ring `ringPx` wide about its box. Read
 * locally, a border's shading (a gradient, a foil's sheen) is not taken for a mark.
 */
function contrastOf(face: LabFace, blob: Blob, flagged: Uint8Array, inBand: Uint8Array, ringPx: number): number {
  const { width, height } = face.face.raster;
  const inner = [0, 0, 0, 0];
  const ring = [0, 0, 0, 0];
  for (let y = Math.max(0, blob.minY - ringPx); y <= Math.min(height - 1, blob.maxY + ringPx); y += 1) {
    for (let x = Math.max(0, blob.minX - ringPx); x <= Math.min(width - 1, blob.maxX + ringPx); x += 1) {
      const k = y * width + x;
      const inBox = x >= blob.minX && x <= blob.maxX && y >= blob.minY && y <= blob.maxY;
      const sum = inBox && flagged[k] ? inner : !inBox && inBand[k] && !flagged[k] ? ring : null;
      if (!sum) continue;
      const i = face.pixelOffset(k);
      sum[0]! += face.lab[i]!;
      sum[1]! += face.lab[i + 1]!;
      sum[2]! += face.lab[i + 2]!;
      sum[3]! += 1;
    }
  }
  if (!inner[3] || !ring[3]) return 0;
  return Math.hypot(
    inner[0]! / inner[3]! - ring[0]! / ring[3]!,
    inner[1]! / inner[3]! - ring[1]! / ring[3]!,
    inner[2]! / inner[3]! - ring[2]! / ring[3]!,
  );
}

/**
 * How light (CIE L) glare is at least: past the lightest print, 95, and on a card printed white
 * (a white border, and text boxes and frames as white as it) GLARE_OVER_WHITE past that white, or
 * a white card under a bright lamp would read as glare over all its white print.
 */
function glareFloor(borders: BorderMeasurement): number {
  const whites = SIDES.map((side) => borders.colour[side])
    .filter((c) => c[0] > 80 && c[0] <= PRINTED_WHITE_MAX_L && Math.hypot(c[1], c[2]) < 12)
    .map((c) => c[0]);
  return whites.length
    ? Math.min(GLARE_MAX_FLOOR, Math.max(GLARE_MIN_L, Math.max(...whites) + GLARE_OVER_WHITE))
    : GLARE_MIN_L;
}

/** Print this much darker (CIE L) than the glare floor, this near (mm), lies beside a glare point: white print, not glare. */
const GLARE_WASHES_OUT_L = 35;
const GLARE_PRINT_NEAR_MM = [0.75, 1.5];
/** Eight directions round a point. */
const AROUND = [0, 1, 2, 3, 4, 5, 6, 7].map((k) => [Math.cos((k * Math.PI) / 4), Math.sin((k * Math.PI) / 4)] as const);

/**
 * The share of a face under glare: on a 0.5 mm grid, points lighter than the floor and without
 * colour, where no print GLARE_WASHES_OUT_L darker lies within 1.5 mm. Glare washes out the print
 * under it; a white text box keeps its black type and a white card its dark frame lines (zoo
 * tuning: a black-bordered card's text box read 0.30 of the face as glare, 0.25 so).
 */
function glareOf(face: LabFace, floor: number): number {
  const { widthMm: w, heightMm: h, pxPerMm: p, marginMm: m } = face.face;
  const { width, height } = face.face.raster;
  // The Lab offset of the pixel under a point of the face (mm).
  const offsetAt = (xMm: number, yMm: number) =>
    face.pixelOffset(pixelUnder((yMm + m) * p, height) * width + pixelUnder((xMm + m) * p, width));
  const lightness = (xMm: number, yMm: number) =>
    xMm < 0 || yMm < 0 || xMm >= w || yMm >= h ? Infinity : face.lab[offsetAt(xMm, yMm)]!;
  const printNear = (x: number, y: number) =>
    GLARE_PRINT_NEAR_MM.some((r) =>
      AROUND.some(([dx, dy]) => lightness(x + dx * r, y + dy * r) < floor - GLARE_WASHES_OUT_L),
    );
  let glare = 0;
  let total = 0;
  for (let y = 1; y < h - 1; y += 0.5) {
    for (let x = 1; x < w - 1; x += 0.5) {
      const i = offsetAt(x, y);
      total += 1;
      if (face.lab[i]! > floor && Math.hypot(face.lab[i + 1]!, face.lab[i + 2]!) < 4 && !printNear(x, y)) glare += 1;
    }
  }
  return total ? glare / total : 0;
}

function blobs(mask: Uint8Array, w: number, h: number, atArt: Uint8Array) {
  const seen = zeroedBytes('blobs-seen', mask.length);
  const out: { count: number; minX: number; maxX: number; minY: number; maxY: number; touchesArt: boolean }[] = [];
  const scan = maskScan(mask);
  for (let start = nextMarked(scan, 0); start < mask.length; start = nextMarked(scan, start + 1)) {
    if (seen[start]) continue;
    const blob = { count: 0, minX: w, maxX: 0, minY: h, maxY: 0, touchesArt: false };
    const stack = [start];
    seen[start] = 1;
    while (stack.length) {
      const i = stack.pop()!;
      const x = i % w;
      const y = (i / w) | 0;
      blob.count += 1;
      if (atArt[i]) blob.touchesArt = true;
      blob.minX = Math.min(blob.minX, x);
      blob.maxX = Math.max(blob.maxX, x);
      blob.minY = Math.min(blob.minY, y);
      blob.maxY = Math.max(blob.maxY, y);
      for (const j of [i - 1, i + 1, i - w, i + w, i - w - 1, i - w + 1, i + w - 1, i + w + 1]) {
        if (j >= 0 && j < mask.length && mask[j] && !seen[j]) {
          seen[j] = 1;
          stack.push(j);
        }
      }
    }
    out.push(blob);
  }
  return out;
}

const round2 = (v: number) => Math.round(v * 100) / 100;

/** A speckle: SPECKLE_COUNT or more small marks within SPECKLE_MM of one another. */
const SPECKLE_COUNT = 4;
const SPECKLE_MM = 3;
const SPECKLE_MARK_MM2 = 0.5;

/**
 * Small marks crowded together in the border: a patch of foil flecks, sparkle or a holder's
 * scuffed plastic, which the photo shows as a speckle. A spot of damage is one mark, or a few
 * apart; a crowd of them is texture that this resolution cannot read.
 */
function speckles(found: Blob[], p: number): Set<Blob> {
  const small = found.filter((b) => b.count / (p * p) < SPECKLE_MARK_MM2);
  const centre = (b: Blob) => [(b.minX + b.maxX) / 2 / p, (b.minY + b.maxY) / 2 / p] as const;
  const out = new Set<Blob>();
  for (const b of small) {
    const [x, y] = centre(b);
    const crowd = small.filter((o) => Math.hypot(centre(o)[0] - x, centre(o)[1] - y) <= SPECKLE_MM);
    if (crowd.length >= SPECKLE_COUNT) for (const o of crowd) out.add(o);
  }
  return out;
}

type Blob = ReturnType<typeof blobs>[number];

/** A line in the border running along its side for this share of the side's length or more... */
const ALONG_OUTLINE_SHARE = 0.6;
/** ...and no wider across than this (mm): a line the outline draws, not a scratch. */
const ALONG_OUTLINE_ACROSS_MM = 1;

/**
 * A thin line (its box bw x bh mm) along most of a side, parallel to it in the border band:
 * what the outline puts there (a sleeve's or holder's rim just inside the card's edge, the card's
 * own edge or shadow where the outline was fitted a little outside it), not damage. A scratch runs where the card
 * was dragged, not along the whole of one edge at a constant depth.
 */
function alongTheOutline(bw: number, bh: number, w: number, h: number): boolean {
  return (
    (bw >= ALONG_OUTLINE_SHARE * w && bh <= ALONG_OUTLINE_ACROSS_MM) ||
    (bh >= ALONG_OUTLINE_SHARE * h && bw <= ALONG_OUTLINE_ACROSS_MM)
  );
}

/**
 * Small print in the border: three or more marks as tall as type, glyphs or words, in a row
 * along a side (an artist credit, a copyright line, a set code). Damage does not line up like type.
 */
function printRows(found: Blob[], p: number, m: number, w: number, h: number): Set<Blob> {
  const marks = found.flatMap((b) => {
    const x0 = b.minX / p - m;
    const x1 = (b.maxX + 1) / p - m;
    const y0 = b.minY / p - m;
    const y1 = (b.maxY + 1) / p - m;
    const cx = (x0 + x1) / 2;
    const cy = (y0 + y1) / 2;
    const distances = { top: cy, bottom: h - cy, left: cx, right: w - cx };
    const side = (Object.keys(distances) as (keyof typeof distances)[]).reduce((a, c) =>
      distances[c] < distances[a] ? c : a,
    );
    const horizontal = side === 'top' || side === 'bottom';
    const along0 = horizontal ? x0 : y0;
    const along1 = horizontal ? x1 : y1;
    const across = horizontal ? y1 - y0 : x1 - x0;
    // Type: as tall as a line of small print (taller than a scratch is wide), a glyph to a word long.
    if (across < 0.3 || across > 1.6 || along1 - along0 > 40) return [];
    return [{ blob: b, side, along0, along1, inward: distances[side] }];
  });
  const print = new Set<Blob>();
  for (const side of ['top', 'bottom', 'left', 'right']) {
    const row = marks.filter((k) => k.side === side).sort((a, b) => a.along0 - b.along0);
    let group: typeof row = [];
    const close = () => {
      if (group.length >= 3) for (const k of group) print.add(k.blob);
      group = [];
    };
    for (const k of row) {
      const last = group[group.length - 1];
      if (last && (k.along0 - last.along1 > 3 || Math.abs(k.inward - last.inward) > 0.6)) close();
      group.push(k);
    }
    close();
    // In a soft photo a whole line of print runs together: one long mark as tall as type.
    for (const k of row) if (k.along1 - k.along0 >= 4) print.add(k.blob);
  }
  return print;
}
