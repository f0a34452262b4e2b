import type { Defect, Face } from '@gradelens/shared';
import { deltaE, type Lab } from '../image/color.ts';
import { robustFitLine } from '../geometry/homography.ts';
import { median } from '../geometry/median.ts';
import { borderReadAlong, type BorderMeasurement } from './centering.ts';
import { pixelUnder, type LabFace } from './lab-grid.ts';
import {
  CORNER_RADIUS_MM,
  isWhitened,
  outlineBandMm,
  medianLab,
  OutsideTest,
  READABLE_DELTA_E,
  RIM_HALF_MM,
  rimDepthMm,
  STOCK_MIN_L,
} from './outline.ts';
import { patch, sidePoint, SIDES, sideLength, type Side } from './sides.ts';

/** The outside must run at least this far across the outline (a chip is deeper than this). */
const OUTSIDE_RUN_MM = 0.25;
/** The card's own colour is read this far in from the outline, clear of its blur. */
const INSIDE_MM = 0.6;
/** Where a side has no border of one colour (full art), its colour is the median of this stretch each way. */
const LOCAL_COLOUR_MM = 3;
/**
 * A chip is at least this many times the side's median outline offset deep: about 4 standard
 * deviations of an outline that only wanders by noise (the median absolute offset is 0.67 of one).
 */
const CHIP_SPREADS = 6;
/** A chip is a nick: the outline off the side's line for longer than this is a second edge beside the card. */
const LONGEST_CHIP_MM = 10;
/** The shortest stretch of wear read, in mm... */
const MIN_STRETCH_MM = 0.3;
/** ...and in the photo's own pixels. */
const MIN_STRETCH_PHOTO_PIXELS = 4;
/** Half the depth of the strip each colour along a side is read over. */
const COLOUR_HALF_DEPTH_MM = 0.15;
/** Steps at which the card's colour is read along a side. */
const COLOUR_STEP_MM = 0.5;
/** What lies next to the card is read this far outside its outline (clear of the outline's blur). */
const OUTSIDE_MM = 0.7;
/** ...and again this far out, to tell a table of one colour there from a ruled or printed one. */
const FAR_OUTSIDE_MM = 1.2;
/**
 * How much darker (L*) than the border what lies beyond the outline must be for its blur to hold
 * no mix as light as stock, and how coloured (a*b* chroma) the border, for whitening to be read
 * from the outline's first photo pixel rather than beyond its blur.
 */
const DARKER_OUTSIDE = 10;
const COLOURED_BORDER = 25;
/**
 * How much lighter (L*) than a table lighter than the border a pixel within the outline's blur
 * must be to be stock, not the table brightened by the phone's sharpening along the outline.
 */
const TABLE_HALO = 12;
/** Beside a border darker than DARK_BORDER_L, this much lighter than the border is enough for stock (not STOCK_MIN_L). */
const DARK_BORDER_L = 25;
const DARK_STOCK_RISE = 40;
/** The shortest whitening read along a side whose art runs to the edge (mm). */
const ART_WHITENING_MM = 1;

export interface EdgeView {
  side: Side;
  lengthMm: number;
  /** Severity of this view: stretches deeper than 0.3 mm counted twice. */
  severityMm: number;
  /**
   * Length of the side where the outline could not be read (the card the colour of what lies
   * beside it, art unlike its surroundings at the edge, a holder's edge on it): not assessed
   * for chips, so the report can say it saw less.
   */
  notAssessedMm: number;
}

/**
 * Edge views, one per side between the corners' arcs, and their defects: chips where the outline
 * falls inside the side's straight line, whitening where exposed stock runs in from the outline.
 * `throughPlastic`: the card was found inside a sleeve, top loader or slab, whose rim and haze lie
 * where the table would; material missing is judged against what lies beside the card, so chips
 * are not read there (whitening, read against the card's own border, still is).
 */
export function measureEdges(
  face: LabFace,
  borders: BorderMeasurement,
  faceName: Face,
  throughPlastic = false,
): { views: EdgeView[]; defects: Defect[] } {
  const { widthMm: w, heightMm: h, pxPerMm: p } = face.face;
  const views: EdgeView[] = [];
  const defects: Defect[] = [];
  for (const side of SIDES) {
    const plain = borders.uniform[side];
    const innerLimit = Math.min(0.8, Math.max(0.3, (borders.stations[side].find((v) => v !== null) ?? 1) - 0.25));
    const flagged: { along: number; depth: number; kind: 'edge_chip' | 'edge_whitening' }[] = [];
    const band = outlineBandMm(face);
    const samples = edgeSamples(face, side, { plain, band, innerLimit });
    const visible = samples.filter((s) => s.visible);
    // Material missing is measured against the side's own straight line (a robust fit of the
    // outline), so a side fitted a pixel off or a slightly bowed card is not a chip.
    const fit = robustFitLine(
      (visible.length >= 10 ? visible : samples).map((s) => ({ x: s.along, y: s.outline })),
      Math.max(0.1, 1 / face.face.photoPxPerMm),
    );
    const expected = (along: number) => (Math.abs(fit.b) > 1e-6 ? (fit.c - fit.a * along) / fit.b : 0);
    // An outline that wanders along the whole side (a sleeve's edge or a shadow beside it, a
    // blurred photo) is not chipped all along: a chip must stand out of the side's own spread.
    const spread = medianAbsolute(visible.map((s) => s.outline - expected(s.along)));
    // Deeper than 2.5 of the photo's pixels too: the outline's blur and resampling move it by one or two.
    const chipThreshold = Math.max(0.15, 2.5 / face.face.photoPxPerMm, CHIP_SPREADS * spread);
    const chipped = (s: EdgeSample) => s.visible && s.outline - expected(s.along) > chipThreshold;
    // A stretch of wear spans several of the photo's own pixels (at 5 px/mm one is 0.2 mm: a nick
    // of one or two is the outline's noise), and its steps lie within a pixel or two of the photo.
    const photoPixel = 1 / face.face.photoPxPerMm;
    const shortest = Math.max(MIN_STRETCH_MM, MIN_STRETCH_PHOTO_PIXELS * photoPixel);
    const gap = Math.max(1.5 / p, 1.5 * photoPixel);
    // An outline off the side's line over a long stretch (a sleeve's edge hugging part of the
    // side, a holder's rim) is a second edge beside the card, not a chip in a straight side:
    // the side is not assessed for chips.
    // Where no printed border was read along the side (art to the edge, or an outline lying off the
    // card on the table or a sleeve), a light stroke of art at the edge or the table's own
    // shading reads as the outline set in just as a chip does: chips are not read there.
    const stepped =
      throughPlastic ||
      !borderReadAlong(borders, side) ||
      runs(
        samples.filter(chipped).map((s) => ({ along: s.along, depth: 0, kind: 'edge_chip' as const })),
        gap,
      ).some((r) => r.end - r.start > LONGEST_CHIP_MM);
    const rimLine = lineAlongSide(samples, gap, photoPixel, sideLength(side, w, h));
    const dipped = stepped ? null : sustainedDips(samples, expected, spread, unshaded(face, side));
    for (const [i, s] of samples.entries()) {
      if (!stepped && (chipped(s) || dipped?.[i]))
        flagged.push({ along: s.along, depth: s.outline - expected(s.along), kind: 'edge_chip' });
      else if (s.whitenedDepth > 0 && !rimLine)
        flagged.push({ along: s.along, depth: s.whitenedDepth, kind: 'edge_whitening' });
    }
    // Where art runs to the edge, a light fleck of it that meets the edge (a sparkle of foil, an
    // etched or highlight line) reads as whitening over a fraction of a millimetre; worn stock
    // runs farther along the edge.
    const stretches = runs(flagged, gap).filter(
      (r) => r.end - r.start >= shortest && (plain || r.kind === 'edge_chip' || r.end - r.start >= ART_WHITENING_MM),
    );
    let severity = 0;
    for (const s of stretches) {
      const len = s.end - s.start;
      const deep = s.maxDepth > 0.3;
      severity += deep ? 2 * len : len;
      const a = sidePoint(side, w, h, s.start, 0);
      const b = sidePoint(side, w, h, s.end, s.maxDepth);
      defects.push({
        face: faceName,
        kind: s.kind,
        location: `${side} edge`,
        positionMm: { x: round2((a.x + b.x) / 2), y: round2((a.y + b.y) / 2) },
        boxMm: {
          x: round2(Math.min(a.x, b.x)),
          y: round2(Math.min(a.y, b.y)),
          w: round2(Math.abs(b.x - a.x) || 0.3),
          h: round2(Math.abs(b.y - a.y) || 0.3),
        },
        sizeMm: round2(len),
        impliedGrade: 10,
      });
    }
    views.push({
      side,
      lengthMm: round2(stretches.reduce((t, s) => t + s.end - s.start, 0)),
      severityMm: round2(severity),
      notAssessedMm: round2((rimLine ? samples.length : samples.length - (stepped ? 0 : visible.length)) / p),
    });
  }
  return { views, defects };
}

export interface EdgeSample {
  along: number;
  /** Where the card starts, mm inward from the fitted side (0 where the outline cannot be seen). */
  outline: number;
  whitenedDepth: number;
  visible: boolean;
}

/**
 * The outline and the whitening at each step along one side, between the corners. A function of
 * its own so the JIT compiles this loop once for good instead of within the side's measurement.
 */
function edgeSamples(
  face: LabFace,
  side: Side,
  context: { plain: boolean; band: number; innerLimit: number },
): EdgeSample[] {
  const { widthMm: w, heightMm: h, pxPerMm: p, marginMm: m } = face.face;
  const { plain, band, innerLimit } = context;
  const firstPixel = Math.min(band, 1 / face.face.photoPxPerMm);
  const length = sideLength(side, w, h);
  const cardColour = cardColoursAlong(face, side, plain, INSIDE_MM, COLOUR_HALF_DEPTH_MM);
  // The rim is read on a border of one colour only: along art its local median would take in
  // a long worn stretch, and the wear be judged against itself.
  const rimColour = plain
    ? cardColoursAlong(face, side, plain, rimDepthMm(face) + RIM_HALF_MM, RIM_HALF_MM)
    : cardColour;
  // What lies just outside each point of the edge: the table, its shadow, a sleeve or a
  // holder's plastic, read there rather than once for the face (a playmat's print, a shadow).
  const outsideColours = coloursAlong(face, side, -OUTSIDE_MM);
  const farOutsideColours = coloursAlong(face, side, -FAR_OUTSIDE_MM);
  const samples: EdgeSample[] = [];
  // sidePoint written out: this runs for every pixel of a band along the outline.
  const horizontal = side === 'top' || side === 'bottom';
  const far = side === 'right' || side === 'bottom';
  const across = horizontal ? h : w;
  const lab = face.lab;
  // Pixels by number (row * width + column), the row and column clamped as `LabFace.offset`
  // does: the part across the side for a depth, to which a step adds the part along it.
  const { width, height } = face.face.raster;
  const acrossPixel = (inward: number) => {
    const acrossPx = ((far ? across - inward : inward) + m) * p;
    return horizontal ? pixelUnder(acrossPx, height) * width : pixelUnder(acrossPx, width);
  };
  // The outline is searched at the same depths at every step: their part is worked out once.
  const depths: number[] = [];
  const acrossPixels: number[] = [];
  const outsideRun = Math.max(2, Math.round(OUTSIDE_RUN_MM * p));
  for (let d = -0.8; d <= 1; d += 1 / p) {
    depths.push(d);
    acrossPixels.push(acrossPixel(d));
  }
  for (let along = CORNER_RADIUS_MM + 0.5; along <= length - CORNER_RADIUS_MM - 0.5; along += 1 / p) {
    const alongPx = (along + m) * p;
    const alongPixel = horizontal ? pixelUnder(alongPx, width) : pixelUnder(alongPx, height) * width;
    const border = cardColour(along);
    const rim = rimColour(along);
    const colourAt = colourIndex(along, outsideColours.length);
    const outside = outsideColours[colourAt]!;
    // A thin rim at the very edge (a white line around a coloured frame) must stand out of what
    // lies beside the card too, or the outline is read at the rim's inner side as a chip.
    const contrast = Math.min(deltaE(border, outside), deltaE(rim, outside));
    // Where the card is the colour of what lies next to it, or where nothing across the outline
    // looks like the card (a holder's edge lying on it), the outline cannot be seen; nor where
    // what lies beside the card is not one colour (a ruled line or print on the table running
    // along it), nor where art runs to the edge, whose colour at the very edge may be the
    // table's: that step is not assessed for chips (whitening still is).
    const plainOutside = deltaE(outside, farOutsideColours[colourAt]!) < contrast / 2;
    const found =
      plain && plainOutside && contrast >= READABLE_DELTA_E
        ? outlineDepth(face, new OutsideTest(outside, border), depths, acrossPixels, alongPixel, outsideRun)
        : null;
    const visible = found !== null;
    const outline = found ?? 0;
    // Whitening runs in from the edge without a break (light print near the edge does not), and
    // is lighter than both the border and its rim (a silver or white rim is the card's print).
    const reference = rim[0] > border[0] ? rim : border;
    // Where the outline does not show and what lies beside the card looks like exposed stock
    // (white paper by a dark border), a light strip inside the fitted side may be that table,
    // the side fitted a little outside the card: whitening is not read there.
    const tableLikeWear = !visible && isWhitened(outside[0], outside[1], outside[2], reference);
    // The outline's blur mixes the card with what lies beyond it; where that is darker than the
    // border, no mix of the two is lighter than the border, so whitening is read from the photo's
    // first pixel inside the outline (worn stock often shows only as a hairline at the very edge).
    // Not on a grey, silver or white border: a phone's sharpening leaves a light halo just inside
    // a light border's edge on a dark table, grey like stock; on a coloured border it keeps the colour.
    const hairline =
      visible &&
      outside[0] < reference[0] - DARKER_OUTSIDE &&
      Math.hypot(reference[1], reference[2]) >= COLOURED_BORDER;
    // Where the table is the lighter, no mix of the two is lighter than the table: stock lighter
    // than the table by more than its sharpening halo is read within the blur too (a hairline of
    // whitening at the edge of a black border on a grey desk). The halo lies on the table's side.
    const tableLighter = visible && outside[0] > reference[0];
    const edge = Math.max(outline, 0);
    const from = edge + (hairline || tableLighter ? firstPixel : band);
    // How deep stock runs in from the outline without a break, lighter than `minL` (and than the
    // table's sharpening halo, within the outline's blur where the table is the lighter).
    const whitenedTo = (minL: number) => {
      let depth = 0;
      let gap = 0;
      for (let d = from; !tableLikeWear && d <= innerLimit && gap < 2; d += 1 / p) {
        const i = face.pixelOffset(acrossPixel(d) + alongPixel);
        const inBlur = tableLighter && d < edge + band;
        if (
          isWhitened(lab[i]!, lab[i + 1]!, lab[i + 2]!, reference, minL) &&
          (!inBlur || lab[i]! >= outside[0] + TABLE_HALO)
        ) {
          depth = d;
          gap = 0;
        } else if (!inBlur) gap += 1;
      }
      return depth;
    };
    // On a dark border of one colour, worn stock a photo pixel or two deep is blurred with the
    // border beside it: far lighter than the border, though not as light as stock. Where nothing
    // reads as stock, that is looked for (DARK_STOCK_RISE over the border); a wider strip keeps
    // the depth its stock-light pixels give, which the blur's lighter fringe would stretch.
    // Not where dark art runs to the edge, whose light strokes and a sleeve's rim read the same.
    const darkBorder = plain && reference[0] < DARK_BORDER_L;
    let whitenedDepth = whitenedTo(STOCK_MIN_L);
    if (whitenedDepth === 0 && darkBorder) whitenedDepth = whitenedTo(reference[0] + DARK_STOCK_RISE);
    samples.push({ along, outline, whitenedDepth, visible });
  }
  return samples;
}

/**
 * The card's own colour just inside the outline at each point along a side, as a function of the
 * distance along it: the median over the side for a border of one colour, over a few mm each way
 * where the side is art (so a worn stretch is judged against the card, not against itself).
 * Read at the edge itself rather than the border's colour further in: a thin white outer border
 * around a coloured frame, or a silver rim, is what wear shows against.
 */
function cardColoursAlong(
  face: LabFace,
  side: Side,
  plain: boolean,
  inward: number,
  halfInward: number,
): (along: number) => Lab {
  const colours = coloursAlong(face, side, inward, halfInward);
  if (plain) {
    const whole = medianLab(colours);
    return () => whole;
  }
  const reach = Math.round(LOCAL_COLOUR_MM / COLOUR_STEP_MM);
  const local = colours.map((_, i) => medianLab(colours.slice(Math.max(0, i - reach), i + reach + 1)));
  return (along) => local[colourIndex(along, local.length)]!;
}

/** The mean colour at a depth (mm, negative outside the card) every COLOUR_STEP_MM along a side, between the corners' arcs. */
function coloursAlong(face: LabFace, side: Side, inward: number, halfInward = COLOUR_HALF_DEPTH_MM): Lab[] {
  const { widthMm: w, heightMm: h } = face.face;
  const length = sideLength(side, w, h);
  const colours: Lab[] = [];
  for (let along = CORNER_RADIUS_MM; along <= length - CORNER_RADIUS_MM; along += COLOUR_STEP_MM)
    colours.push(patch(face, side, along, inward, COLOUR_STEP_MM / 2, halfInward));
  return colours;
}

/**
 * Worn stock the colour of what lies beside the card (a white core on white paper) shows only as
 * the outline set in from the side's line: at a phone's 1080p frame a few tenths of a millimetre
 * deep, under the depth a single step must reach to be a chip (CHIP_SPREADS, 2.5 photo pixels).
 * Sustained along the side it still stands out: over DIP_WINDOW_MM the outline's mean lies
 * DIP_MIN_MM inside the line at least, and DIP_SPREADS times the side's own spread (a sleeve's
 * edge, a shadow or the photo's blur make a side's outline wander all along; a worn stretch is
 * a dip in an outline that is otherwise straight). A first survey, zoo tuning seeds 1 to 480,
 * 1080p sides read over 90% of their length: a 2 mm window 0.08 mm and 4 spreads deep marked 18
 * of the 54 worn sides no step had reached, and 2 of 885 clean sides (decision 0017).
 */
const DIP_WINDOW_MM = 2;
const DIP_MIN_MM = 0.08;
const DIP_SPREADS = 4;
/** The outline's own jitter (mm) added to a side's spread, so a side read perfectly straight does not make any wobble a dip. */
const DIP_SPREAD_FLOOR = 0.01;
/** The share of a window's steps at which the outline must be read... */
const DIP_VISIBLE = 0.8;
/** ...and of the whole side's. */
const DIP_VISIBLE_SIDE = 0.9;
/** The share of a window's steps set in at least half as deep as the dip. */
const DIP_COVER = 0.75;

/**
 * The outline either side of a dip, this far (mm), is what it is measured against: a side bowed
 * by the lens or a card's warp bends over the whole side, wear over a few millimetres.
 */
const DIP_BASELINE_MM = 4;

/** Per sample, whether it lies in a sustained dip of the outline (and itself dips half as deep). */
export function sustainedDips(
  samples: EdgeSample[],
  expected: (along: number) => number,
  spread: number,
  unshadedAt: (from: number, to: number) => boolean,
): Uint8Array {
  const n = samples.length;
  const out = new Uint8Array(n);
  const offset = samples.map((s) => (s.visible ? s.outline - expected(s.along) : NaN));
  // A side read over less than most of its length (a sleeve's edge, a holder's rim, the table's colour) is not read for dips.
  if (offset.filter((v) => !Number.isNaN(v)).length < DIP_VISIBLE_SIDE * n) return out;
  const least = Math.max(DIP_MIN_MM, DIP_SPREADS * (spread + DIP_SPREAD_FLOOR));
  // Running totals of the offsets read and of how many were read: any stretch's mean at once.
  const sums = new Float64Array(n + 1);
  const reads = new Int32Array(n + 1);
  offset.forEach((v, i) => {
    const seen = !Number.isNaN(v);
    sums[i + 1] = sums[i]! + (seen ? v : 0);
    reads[i + 1] = reads[i]! + (seen ? 1 : 0);
  });
  const mean = (from: number, to: number) => {
    const [a, b] = [Math.max(0, from), Math.min(n, to)];
    const read = reads[b]! - reads[a]!;
    return { value: read ? (sums[b]! - sums[a]!) / read : NaN, read };
  };
  const stepsPerMm = (n - 1) / Math.max(1e-6, samples[n - 1]!.along - samples[0]!.along);
  const window = Math.round(DIP_WINDOW_MM * stepsPerMm);
  const reach = Math.round(DIP_BASELINE_MM * stepsPerMm);
  for (let start = 0; start + window < n; start += 1) {
    const end = start + window;
    const inside = mean(start, end);
    if (inside.read < DIP_VISIBLE * window || inside.value < least) continue;
    // Measured against the outline just before and just after it, where it was read.
    const before = mean(start - reach, start);
    const after = mean(end, end + reach);
    const around = [before, after].filter((b) => b.read >= DIP_VISIBLE * reach * 0.5).map((b) => b.value);
    const baseline = around.length ? Math.max(...around) : 0;
    if (inside.value - baseline < least) continue;
    if (!unshadedAt(samples[start]!.along, samples[end - 1]!.along)) continue;
    // Set in over most of the window: a deeper nick within it is a chip's to read, or too short.
    const setIn: number[] = [];
    for (let i = start; i < end; i += 1) if (offset[i]! - baseline >= least / 2) setIn.push(i);
    if (setIn.length < DIP_COVER * window) continue;
    for (const i of setIn) out[i] = 1;
  }
  // A worn stretch's depth wanders: from each dip, the stretch runs on while the outline stays set in a quarter as deep.
  for (let i = 1; i < n; i += 1) if (out[i - 1] && !out[i] && offset[i]! >= least / 4) out[i] = 1;
  for (let i = n - 2; i >= 0; i -= 1) if (out[i + 1] && !out[i] && offset[i]! >= least / 4) out[i] = 1;
  return out;
}

/** The border inside a dip and the table outside it are within this (ΔE) of their colours along the side. */
const DIP_SAME_DE = 5;

/**
 * Whether, between two points along a side (mm), the border just inside the outline and what lies
 * just outside it are their usual colours: glare or a sleeve's sheen across the edge lightens
 * both, and moves the outline in as worn stock does; wear leaves the print beside it as it was.
 */
function unshaded(face: LabFace, side: Side): (from: number, to: number) => boolean {
  // Read only for a side with a dip to judge, which most sides have not.
  let read: { inside: Lab[]; outside: Lab[]; insideUsual: Lab; outsideUsual: Lab } | null = null;
  return (from, to) => {
    if (!read) {
      const inside = coloursAlong(face, side, INSIDE_MM);
      const outside = coloursAlong(face, side, -OUTSIDE_MM);
      read = { inside, outside, insideUsual: medianLab(inside), outsideUsual: medianLab(outside) };
    }
    const { inside, outside, insideUsual, outsideUsual } = read;
    const [a, b] = [colourIndex(from, inside.length), colourIndex(to, inside.length)];
    for (let i = a; i <= b; i += 1)
      if (deltaE(inside[i]!, insideUsual) > DIP_SAME_DE || deltaE(outside[i]!, outsideUsual) > DIP_SAME_DE)
        return false;
    return true;
  };
}

/** The median of the absolute values (0 for none): a spread that a few chips do not move. */
function medianAbsolute(values: number[]): number {
  const sorted = values.map(Math.abs).sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)]! : 0;
}

/** The index in `coloursAlong`'s answer nearest a distance along the side. */
const colourIndex = (along: number, count: number) =>
  Math.max(0, Math.min(count - 1, Math.round((along - CORNER_RADIUS_MM) / COLOUR_STEP_MM)));

/**
 * Where the card starts on the line of pixels across the side at alongPixel: walking out from
 * the deepest of `depths` (inside the card), the depth before the first run of `run` pixels of
 * the outside; null when the deepest run is the outside's (nothing to measure from). Walking
 * out rather than in keeps a sleeve's or holder's edge beside the card from being taken for it;
 * a run, not one pixel, keeps the anti-aliased rim of light type or a rule in the border (a mix
 * that can match a grey table) from being taken for the outside. A function of its own: the
 * loop over every step's pixels stays small for the JIT.
 */
function outlineDepth(
  face: LabFace,
  outsideTest: OutsideTest,
  depths: number[],
  acrossPixels: number[],
  alongPixel: number,
  run: number,
): number | null {
  const lab = face.lab;
  let outsideRun = 0;
  for (let j = depths.length - 1; j >= 0; j -= 1) {
    if (!outsideTest.isOutside(lab, face.pixelOffset(acrossPixels[j]! + alongPixel))) outsideRun = 0;
    else if ((outsideRun += 1) === run) return j + run < depths.length ? depths[j + run]! : null;
  }
  return depths[outsideRun]!;
}

/** A light line along a side is broken into at least this many stretches by the photo's pixels... */
const LINE_PIECES = 6;
/** ...or covers this share of it... */
const LINE_COVER = 0.6;
/** ...spread over this share of the side or more... */
const LINE_SPAN = 0.4;
/** ...with this share of its steps within a photo pixel of one depth. */
const LINE_EVEN = 0.6;

/**
 * Whether the light strip read inside a side is a line running along it, not wear: a holder's rim
 * or a sleeve's edge lying on the card, a printed line, the table between a side fitted a little
 * off the card and the card. Such a line lies at one depth along most of the side, whole or
 * broken where the photo's pixels fall across it; wear is a few stretches, each ragged.
 */
function lineAlongSide(samples: EdgeSample[], gap: number, photoPixel: number, length: number): boolean {
  const light = samples.filter((s) => s.whitenedDepth > 0);
  if (light.length === 0) return false;
  const pieces = runs(
    light.map((s) => ({ along: s.along, depth: s.whitenedDepth, kind: 'edge_whitening' as const })),
    gap,
  );
  if (light[light.length - 1]!.along - light[0]!.along < LINE_SPAN * length) return false;
  if (pieces.length < LINE_PIECES && light.length < LINE_COVER * samples.length) return false;
  const depth = median(light.map((s) => s.whitenedDepth));
  return light.filter((s) => Math.abs(s.whitenedDepth - depth) <= photoPixel).length >= LINE_EVEN * light.length;
}

/** The flagged steps joined into stretches where they lie at most `gap` apart; a stretch with a chip is a chip. */
function runs(points: { along: number; depth: number; kind: 'edge_chip' | 'edge_whitening' }[], gap: number) {
  const out: { start: number; end: number; maxDepth: number; kind: 'edge_chip' | 'edge_whitening' }[] = [];
  for (const pt of points) {
    const last = out[out.length - 1];
    if (last && pt.along - last.end <= gap) {
      last.end = pt.along;
      last.maxDepth = Math.max(last.maxDepth, pt.depth);
      if (pt.kind === 'edge_chip') last.kind = 'edge_chip';
    } else out.push({ start: pt.along, end: pt.along, maxDepth: pt.depth, kind: pt.kind });
  }
  return out;
}

const round2 = (v: number) => Math.round(v * 100) / 100;
