import type { CenteringFace, Face, Frame } from '@gradelens/shared';
import { chromaticity, deltaE, medianColour, type Lab } from '../image/color.ts';
import { backCenteringGrade, frontCenteringGrade } from '../rubric.ts';
import { backgroundOf } from './background.ts';
import type { LabFace } from './lab-grid.ts';
import { halfWay, patchWithRgb, rgbPatch, SIDES, sideLength, type Rgb, type Side } from './sides.ts';

const STATIONS = 9;
const MAX_BORDER_MM = 12;
/**
 * A step in colour (ΔE) from the station's own border colour that starts the design: the
 * shaded line of a bevel and the faint panel of a back differ from the border by 4 to 6.
 */
const STEP_THRESHOLD = 4;
/**
 * The station's border colour is read from REFERENCE_FROM_MM to REFERENCE_TO_MM inward: clear of
 * the outline's blur (and a phone's blurred colour there, 0.3 mm at 8 px per mm) and inside the
 * narrowest border a card is printed with. The search for the inner edge starts at SEARCH_FROM_MM.
 */
const REFERENCE_FROM_MM = 0.5;
const REFERENCE_TO_MM = 0.9;
const SEARCH_FROM_MM = 0.35;
/** A step stays past the threshold this far (mm): longer than a sharpening halo, shorter than a bevel's line. */
const SUSTAIN_MM = 0.15;
/** A station whose border colour is this far (ΔE) from the side's is covered by something else. */
const BLOCKED_DE = 12;
/** The design's first colour is looked for this far (mm) past the step: a blurred edge rises over less. */
const ART_MM = 0.4;
/** A step has levelled off where one sample adds less than this share to its distance from the border's colour. */
const LEVEL_RISE = 0.1;
/** Past the art's edge the border's colour stays away this far (mm); small print is shorter. */
const PRINT_MM = 1.5;
/** A station this far (mm) from the line through the others is a misreading. */
const OUTLIER_MM = 0.15;
/**
 * The inner edge runs nearly parallel to the card's edge: a print tilted on the sheet by 0.4°
 * moves it 0.3 mm over the stations (44 mm apart on the short side). A steeper line through a
 * few stations is art, or ringing beside the edge.
 */
const MAX_TILT_MM = 0.3;
/** A line tilted by at most this much (mm over the stations) is level: a print square on the sheet. */
const LEVEL_TILT_MM = 0.1;
/** Stations (of STATIONS) on one line that a side needs: fewer is a guess. */
const MIN_STATIONS = 5;
/**
 * A border read narrower than this (mm, the mean over its stations) is not taken as read. Printed
 * borders are 2 to 4 mm wide, so it would take a card cut 80/20 off centre or worse; on zoo
 * tuning seeds 1 to 480 every one of the 10 faces (of 621 measured) that read a side this narrow
 * was off by 13 to 30 points of share: the outline along that side lay on a sleeve, the table
 * or its shadow, and the step read was the card's own edge or the sleeve's. The nearest face
 * read right had 1.1 mm.
 */
const NARROW_BORDER_MM = 1;
/** A side's line is tilted when its slope is this many standard errors from level. */
const TILT_SIGNIFICANCE = 3;
/**
 * A side's stations may scatter about its line by a photo pixel (rms), and by 0.08 mm on a
 * sharp photo. On the zoo's tuning seeds, faces beyond half a pixel are off by 2 points of share
 * on average (against 0.4 within), mostly at a bevel's faint shading; but most of them still
 * get the right grade, and a face left unmeasured hands the card's centering to the other face
 * (a back's lenient scale). A pixel keeps the faces whose reading is plainly not one edge.
 */
const MAX_SCATTER_PX = 1;
const MIN_SCATTER_MM = 0.08;
/** A bevel's shaded line differs from the border by this much (ΔE) at least. */
const BAND_DE = 2;
/** How wide (mm) a band must be: wider than the foot of a blurred step. */
const BAND_MIN_MM = 0.15;
/** A band wider than this (mm) is part of the design, not a line at the frame's edge. */
const BAND_MAX_MM = 0.8;
/** The dip a phone's sharpening leaves just before a step (mm): skipped between band and step. */
const BAND_DIP_MM = 0.1;
/** A band is this many photo pixels wide at least: narrower, it is the blur of the step. */
const BAND_MIN_PHOTO_PX = 2;
/** A band's largest step from the border is at most this many times its smallest: it is level. */
const BAND_LEVEL = 1.6;
/** The share of a side's stations that must see the band. */
const BAND_SHARE = 0.6;

export interface BorderMeasurement {
  /** Inner edge of the printed border per side and station, in mm from the outer edge (null: not found). */
  stations: Record<Side, (number | null)[]>;
  colour: Record<Side, Lab>;
  uniform: Record<Side, boolean>;
  /** The table's colour around the card (see `backgroundOf`). */
  background: Lab;
  /** The photo's resolution on the card: how far apart stations on one straight edge may read. */
  photoPxPerMm: number;
  /** The card's size, for the frame lines as fractions of it. */
  sizeMm: { width: number; height: number };
}

/** Stations at even spacing between 15% and 85% of a side, away from the corners. */
const stationAlong = (length: number, i: number) => length * (0.15 + (0.7 * i) / (STATIONS - 1));

/**
 * Where the card's outer edge crosses a station, in mm inward from the fitted side: half-way
 * from the background's colour to the border's. Measured per station like the inner edge, so a
 * fitted side that sits a fraction of a pixel off stays out of the widths.
 */
function outerEdgeAt(face: LabFace, side: Side, along: number, background: Rgb, border: Rgb): number {
  const step = 1 / face.face.pxPerMm;
  const positions: number[] = [];
  const colours: Rgb[] = [];
  for (let x = -0.8; x <= 0.6; x += step) {
    positions.push(x);
    colours.push(rgbPatch(face, side, along, x, 1.0, 0));
  }
  const edge = halfWay(positions, colours, background, border, 1);
  return edge !== null && Math.abs(edge) < 0.4 ? edge : 0;
}

/**
 * Stations off the straight line that most stations agree on are misreadings (art of the
 * border's colour moves the step inward): the line is the one through two stations that the
 * most others lie on, preferring the outermost when two lines tie.
 */
function dropOutliers(values: (number | null)[], maxTiltMm = MAX_TILT_MM): (number | null)[] {
  const points = values.flatMap((v, i) => (v === null ? [] : [{ i, v }]));
  if (points.length < 3) return values;
  let best: { inliers: typeof points; mean: number } = { inliers: [], mean: Infinity };
  for (let a = 0; a < points.length; a += 1) {
    for (let b = a + 1; b < points.length; b += 1) {
      const p = points[a]!;
      const q = points[b]!;
      const slope = (q.v - p.v) / (q.i - p.i);
      if (Math.abs(slope) * (STATIONS - 1) > maxTiltMm) continue;
      const inliers = points.filter((r) => Math.abs(r.v - (p.v + slope * (r.i - p.i))) <= OUTLIER_MM);
      const mean = inliers.reduce((t, r) => t + r.v, 0) / inliers.length;
      if (inliers.length > best.inliers.length || (inliers.length === best.inliers.length && mean < best.mean))
        best = { inliers, mean };
    }
  }
  return values.map((v, i) => (best.inliers.some((p) => p.i === i) ? v : null));
}

/** What one station reads: the border's inner edge, a bevel's band before it, and the first step the border's colour came back after. */
interface StationReading {
  edge: number;
  band: number | null;
  /** The width (mm) of a light line the design starts with, lighter than the border and the field past it (a bevel's lit side); null where none. */
  lit: number | null;
  /** Whether the design past the edge is lighter than the border. */
  rises: boolean;
  /** L* from the step on: at `from` mm from the edge and every `step` mm, as far as the profile was read (PRINT_MM past the step). */
  past: { from: number; step: number; L: number[] };
  printed: { edge: number; colour: Lab } | null;
}

/**
 * A phone's sharpening leaves a halo beside a strong step: the side before it pushed the other way
 * (a dark border darker still just before a light design) for a photo pixel or so. A printed
 * shaded line is a quarter of a millimetre or more (5 photo pixels at 20 px per mm).
 */
const HALO_PHOTO_PX = 1.5;
/**
 * A halo falls short of the border by at most this share of the step past it: a thin printed
 * line beside a step (a bevel's dark line before a light field) goes deeper.
 */
const HALO_SHARE = 0.5;

/**
 * Where the step that starts at sample `k` properly begins: past a halo, samples on the far side
 * of the border's lightness from the design beyond (`reach` samples on), no more than `halo` of
 * them, that the design then passes by twice as much as they fell short of the border
 * (HALO_SHARE). Otherwise `k`.
 */
function pastHalo(labs: Lab[], border: Lab, k: number, halo: number, reach: number): number {
  const beyond = labs[Math.min(labs.length - 1, k + reach)]![0] - border[0];
  const way = Math.sign(beyond);
  let j = k;
  while (j < labs.length && (labs[j]![0] - border[0]) * way < 0) j += 1;
  if (j === k || j - k > halo || j >= labs.length) return k;
  const depth = Math.max(...labs.slice(k, j).map((c) => (border[0] - c[0]) * way));
  return HALO_SHARE * Math.abs(beyond) > depth ? j : k;
}

/** A frame's strip lasts this far (mm) before a light title bar or panel may follow it. */
const FRAME_STRIP_MM = 0.5;
/** The share of a side's stations read that must see that strip, on one line, in one colour (within FRAME_STRIP_DE)... */
const FRAME_STRIP_SHARE = 0.8;
const FRAME_STRIP_DE = 12;

/**
 * The frame's edge per station where nearly every station saw a step, on one straight line and
 * in one colour, after which the border's colour came back: a frame's strip with a light title
 * bar or panel past it (a white-bordered card's light grey frame), which runs the whole side as
 * small print in the border does not. Null otherwise.
 */
function framesBeforeTitle(read: (StationReading | null)[]): (number | null)[] | null {
  const readCount = read.filter((r) => r !== null).length;
  const strips = dropOutliers(read.map((r) => r?.printed?.edge ?? null));
  const kept = read.flatMap((r, i) => (strips[i] !== null && r?.printed ? [r.printed.colour] : []));
  if (kept.length < Math.max(MIN_STATIONS, Math.ceil(FRAME_STRIP_SHARE * readCount))) return null;
  const colour = medianColour(kept);
  if (kept.some((c) => deltaE(c, colour) > FRAME_STRIP_DE)) return null;
  return strips;
}

/**
 * The frame's edge per station: where a faint band (a bevel's shaded line) comes before the step
 * at most of the stations read, on one straight line, the band's start; where the stations fall
 * on two levels a line's width apart, the shallower; where a level line is read at most stations
 * and the rest read a band's width deeper, that line; otherwise the step's.
 */
function frameEdge(read: (StationReading | null)[]): { at: (number | null)[]; fromSteps: boolean } {
  const strips = framesBeforeTitle(read);
  if (strips) return { at: strips, fromSteps: false };
  const edges = dropOutliers(read.map((r) => r?.edge ?? null));
  // A station that read the band itself as the step has no band before it: its edge is the band's.
  const firsts = read.map((r) => r?.band ?? r?.edge ?? null);
  const bands = dropOutliers(firsts);
  const count = (values: (number | null)[]) => values.filter((v) => v !== null).length;
  const readCount = count(read.map((r) => r?.edge ?? null));
  // A bevel's shaded line as dark as the border shows at some stations only (where the frame's
  // mottle lifts it off the border's colour): those read the frame's edge, the rest the line's far
  // side a few tenths of a millimetre in, and a line tilted across both groups would fit them all.
  // Two level groups a line's width apart are read as that line (twoLevels); otherwise a level
  // line that most stations read, every other station reading deeper by no more than a band's
  // width, is the frame's edge.
  const split = twoLevels(firsts);
  if (split) return { at: split, fromSteps: false };
  const level = dropOutliers(firsts, LEVEL_TILT_MM);
  const levelMean = level.reduce<number>((t, v) => t + (v ?? 0), 0) / Math.max(1, count(level));
  const deeper = firsts.filter((v, i) => v !== null && level[i] === null);
  if (
    count(level) >= MIN_STATIONS &&
    deeper.length > 0 &&
    deeper.every((v) => v! > levelMean + OUTLIER_MM && v! <= levelMean + BAND_MAX_MM)
  )
    return { at: level, fromSteps: false };
  const at = count(bands) >= Math.max(MIN_STATIONS, Math.ceil(BAND_SHARE * readCount)) ? bands : edges;
  // Read from the steps themselves where most stations kept saw no band before theirs.
  const plain = at.filter((v, i) => v !== null && read[i]?.band == null).length;
  return { at, fromSteps: plain > count(at) / 2 };
}

/** A side shows its bevel's lit line at this many stations at least, within LIT_SPREAD_MM of one width. */
const LIT_STATIONS = MIN_STATIONS;
const LIT_SPREAD_MM = 0.12;
/** The opposite side shows such a line at this many stations at most. */
const LIT_ELSEWHERE = 1;

/**
 * A bevelled frame is drawn lit from one corner: a light line of one width along the two sides
 * that meet there and a dark line of the same width along the other two. Beside a dark border the
 * dark line is the border's own colour, so the step read there is its far side, the line's width
 * too deep, while the sides opposite read the frame's edge before their light line. Where one side
 * of each axis shows the lit line at most of its stations, the two of one width, the opposite
 * sides show none, and a shaded side's edge was read from plain steps up from a darker border with
 * no dark line seen before the field, that side's stations are moved out by the lit line's width.
 * A light line along one side only is the design's (a title bar's rim, a sleeve's glint).
 */
function unshadedBevel(
  stations: Record<Side, (number | null)[]>,
  reads: Record<Side, (StationReading | null)[]>,
  fromSteps: Record<Side, boolean>,
): void {
  const litWidth = (side: Side) => {
    const widths = reads[side].flatMap((r) => (r?.lit != null ? [r.lit] : [])).sort((a, b) => a - b);
    const median = widths[widths.length >> 1];
    if (median === undefined) return null;
    const agreeing = widths.filter((v) => Math.abs(v - median) <= LIT_SPREAD_MM / 2);
    return agreeing.length >= LIT_STATIONS ? agreeing.reduce((t, v) => t + v, 0) / agreeing.length : null;
  };
  const widths = Object.fromEntries(SIDES.map((side) => [side, litWidth(side)])) as Record<Side, number | null>;
  // Lit along one side of each axis, the two lines of one width: a light falling from a corner.
  const litOf = (a: Side, b: Side): [Side, Side] | null =>
    widths[a] !== null && widths[b] === null ? [a, b] : widths[b] !== null && widths[a] === null ? [b, a] : null;
  const across = litOf('left', 'right');
  const down = litOf('top', 'bottom');
  if (!across || !down || Math.abs(widths[across[0]]! - widths[down[0]]!) > LIT_SPREAD_MM) return;
  for (const [lit, shaded] of [across, down]) {
    const width = widths[lit]!;
    if (!fromSteps[shaded]) continue;
    const read = reads[shaded].filter((r): r is StationReading => r !== null);
    if (read.filter((r) => r.lit !== null).length > LIT_ELSEWHERE) continue;
    if (read.filter((r) => r.rises).length < read.length / 2) continue;
    // Where the dark line shows (darker than the field past it), the step read is its near side.
    if (read.filter((r) => shadedLineSeen(r, width)).length >= read.length / 2) continue;
    stations[shaded] = stations[shaded].map((v) => (v === null ? null : v - width));
  }
}

/** Whether past a station's step a dark line `width` mm wide shows, darker than the field beyond it by LIT_OVER_FIELD / 2. */
function shadedLineSeen(r: StationReading, width: number): boolean {
  const { from, step, L } = r.past;
  const at = (mm: number) => L[Math.max(0, Math.min(L.length - 1, Math.round((mm - from) / step)))]!;
  const inLine: number[] = [];
  for (let mm = 0.25 * width; mm <= 0.75 * width; mm += step) inLine.push(at(mm));
  const field: number[] = [];
  for (let mm = width + 0.2; mm <= width + 0.5; mm += step) field.push(at(mm));
  const mean = (v: number[]) => v.reduce((t, x) => t + x, 0) / Math.max(1, v.length);
  return mean(field) - mean(inLine) >= LIT_OVER_FIELD / 2;
}

/** Stations on each of two levels that a bevel's line seen at some stations only splits a side into. */
const MIN_ON_A_LEVEL = 3;
/** The widest bevel line two levels are taken to lie across (mm): a few tenths of a millimetre. */
const LINE_MAX_MM = 0.45;

/**
 * The same shaded line seen at some stations and not at others, neither group a level line of
 * MIN_STATIONS: where the stations read lie on two levels (each within LEVEL_TILT_MM) a line's
 * width apart (OUTLIER_MM to LINE_MAX_MM), MIN_ON_A_LEVEL on each and MIN_STATIONS in all, with
 * at most one station off both, the shallower is the frame's edge and the deeper stations, which
 * read the line's far side, are moved back by that width. Null otherwise.
 */
function twoLevels(firsts: (number | null)[]): (number | null)[] | null {
  const read = firsts.flatMap((v, i) => (v === null ? [] : [{ i, v }])).sort((p, q) => p.v - q.v);
  let best: { shallow: typeof read; deep: typeof read } | null = null;
  for (let from = 0; from < read.length; from += 1)
    for (let cut = from + MIN_ON_A_LEVEL; cut < read.length; cut += 1)
      for (let to = cut + MIN_ON_A_LEVEL; to <= read.length; to += 1) {
        const shallow = read.slice(from, cut);
        const deep = read.slice(cut, to);
        if (shallow.length + deep.length < Math.max(MIN_STATIONS, read.length - 1)) continue;
        if (spreadOf(shallow.map((p) => p.v)) > LEVEL_TILT_MM || spreadOf(deep.map((p) => p.v)) > LEVEL_TILT_MM)
          continue;
        if (!best || shallow.length + deep.length > best.shallow.length + best.deep.length) best = { shallow, deep };
      }
  if (!best) return null;
  const mean = (points: typeof read) => points.reduce((t, p) => t + p.v, 0) / points.length;
  const width = mean(best.deep) - mean(best.shallow);
  if (!(width > OUTLIER_MM && width <= LINE_MAX_MM)) return null;
  const moved = new Map([
    ...best.shallow.map((p) => [p.i, p.v] as const),
    ...best.deep.map((p) => [p.i, p.v - width] as const),
  ]);
  return firsts.map((_, i) => moved.get(i) ?? null);
}

export function measureBorders(face: LabFace): BorderMeasurement {
  const { widthMm: w, heightMm: h } = face.face;
  const stations = {} as BorderMeasurement['stations'];
  const colour = {} as BorderMeasurement['colour'];
  const uniform = {} as BorderMeasurement['uniform'];
  const background = backgroundOf(face);
  const backgroundRgb = medianColour(
    SIDES.map((side) => rgbPatch(face, side, sideLength(side, w, h) / 2, -0.9, 3, 0.3)),
  );
  const reads = {} as Record<Side, (StationReading | null)[]>;
  const fromSteps = {} as Record<Side, boolean>;
  for (const side of SIDES) {
    const length = sideLength(side, w, h);
    const reading = borderColourAlong(face, side, length);
    colour[side] = reading.lab;
    uniform[side] = reading.off <= 2;
    const outerUsable = deltaE(background, reading.lab) >= 15;
    // The outline is straight: its offset from the fitted side is read at every station and
    // smoothed, so whitening or a chip at one station does not move that station's outer edge.
    const outer = outerUsable
      ? straighten(
          Array.from({ length: STATIONS }, (_, i) =>
            outerEdgeAt(face, side, stationAlong(length, i), backgroundRgb, reading.rgb),
          ),
        )
      : Array<number>(STATIONS).fill(0);
    const read = Array.from({ length: STATIONS }, (_, i) =>
      innerEdgeAt(face, side, stationAlong(length, i), reading.lab),
    );
    const inner = frameEdge(read);
    reads[side] = read;
    fromSteps[side] = inner.fromSteps;
    stations[side] = inner.at.map((v, i) => (v === null ? null : v - outer[i]!));
  }
  unshadedBevel(stations, reads, fromSteps);
  return {
    stations,
    colour,
    uniform,
    background,
    photoPxPerMm: face.face.photoPxPerMm,
    sizeMm: { width: w, height: h },
  };
}

/**
 * The border's colour along a side, read at two depths: a line of small print in the border
 * may cover one of them, never both. `off` counts samples far from the median (a border of one
 * colour has none or few).
 */
function borderColourAlong(face: LabFace, side: Side, length: number): { lab: Lab; rgb: Rgb; off: number } {
  const readings = [0.6, 0.95].map((depth) => {
    const samples: Lab[] = [];
    const rgbSamples: Rgb[] = [];
    for (let i = 0; i < 15; i += 1) {
      const both = patchWithRgb(face, side, length * (0.1 + (0.8 * i) / 14), depth, 0.4, 0.2);
      samples.push(both.lab);
      rgbSamples.push(both.rgb);
    }
    const lab = medianColour(samples);
    return { lab, rgb: medianColour(rgbSamples), off: samples.filter((s) => deltaE(s, lab) > 10).length };
  });
  return readings[1]!.off < readings[0]!.off ? readings[1]! : readings[0]!;
}

/**
 * The border's inner edge at one station, in mm from the fitted side (null: blocked or not
 * found). The border's colour is read at the station itself, just inside the outer edge: glare,
 * a sleeve's edge or the light's falloff tint a stretch of the border, and against the side's
 * colour every station there would step at once. A station whose own border colour is far from
 * the side's is blocked (glare, a label, art over the border line) and skipped.
 */
function innerEdgeAt(face: LabFace, side: Side, along: number, sideColour: Lab): StationReading | null {
  const p = face.face.pxPerMm;
  const step = 1 / p;
  const labs: Lab[] = [];
  const positions: number[] = [];
  const colours: Rgb[] = [];
  // The profile runs up to MAX_BORDER_MM deep but is read only as far as the search gets:
  // most borders end within a few millimetres.
  let next = SEARCH_FROM_MM;
  const extend = (length: number) => {
    for (; labs.length < length && next <= MAX_BORDER_MM; next += step) {
      const both = patchWithRgb(face, side, along, next, 1.0, 0);
      positions.push(next);
      labs.push(both.lab);
      colours.push(both.rgb);
    }
  };
  const from = Math.round((REFERENCE_FROM_MM - SEARCH_FROM_MM) * p);
  const to = Math.round((REFERENCE_TO_MM - SEARCH_FROM_MM) * p);
  extend(to);
  if (labs.length < to) return null;
  const border = medianColour(labs.slice(from, to));
  if (deltaE(border, sideColour) > BLOCKED_DE) return null;
  const borderRgb = medianColour(colours.slice(from, to));
  const profile: number[] = [];
  const away = (length: number) => {
    extend(length);
    while (profile.length < labs.length) profile.push(deltaE(labs[profile.length]!, border));
  };
  const sustain = Math.ceil(SUSTAIN_MM * p);
  const beyond = Math.ceil(PRINT_MM * p);
  const artSamples = Math.ceil(ART_MM * p);
  // The design's first colour: where the step levels off, past a sharpening halo (pastHalo). A
  // bevel's thin shaded line is that colour (the field beyond it would put the edge past the
  // line), a plain step's plateau is. The edge is the half-way crossing from the border's colour to it.
  const halo = Math.max(1, Math.round((HALO_PHOTO_PX * p) / face.face.photoPxPerMm));
  const edgeAt = (k: number) => {
    // A halo ahead of a thin line (a light fringe before a bevel's dark line) is judged against
    // the line just past it, not the design beyond the line.
    let from = pastHalo(labs, border, k, halo, artSamples);
    if (from === k) from = pastHalo(labs, border, k, halo, halo + 1);
    let top = from;
    while (
      top + 1 < Math.min(profile.length, from + artSamples) &&
      profile[top + 1]! - profile[top]! > LEVEL_RISE * profile[top]!
    )
      top += 1;
    return {
      edge: halfWay(positions, colours, borderRgb, colours[top]!, k, extend) ?? positions[k]!,
      colour: labs[top]!,
    };
  };
  const strip = Math.ceil(FRAME_STRIP_MM * p);
  let printed: { edge: number; colour: Lab } | null = null;
  for (let k = 1; ; k += 1) {
    away(k + Math.max(sustain, beyond, artSamples + 1) + 1);
    if (k + artSamples >= profile.length) return null;
    // A step lasts: the faint ringing a phone's sharpening leaves beside a strong edge is one or
    // two samples wide, a bevel's line or a design's edge is wider.
    if (countAbove(profile, k, k + sustain) < sustain) continue;
    // Small print in the border (a credit line, a set code) ends within a millimetre and
    // the border's colour comes back; past the design's edge it (mostly) does not.
    const afterEnd = Math.min(profile.length, k + beyond);
    if (countAbove(profile, k, afterEnd) < 0.85 * (afterEnd - k)) {
      // Unless the step's colour lasted a frame's strip: then it may be a frame whose light
      // title bar follows, which the side tells from print by seeing it at every station.
      if (printed === null && countAbove(profile, k, k + strip) >= strip) printed = edgeAt(k);
      continue;
    }
    const { edge } = edgeAt(k);
    return {
      edge,
      band: bandBefore(profile, positions, colours, borderRgb, k, to, p, face.face.photoPxPerMm),
      printed,
      lit: litLineAfter(labs, positions, border[0], k, edge, p),
      rises: (labs[Math.min(labs.length - 1, k + artSamples)]?.[0] ?? border[0]) > border[0],
      past: { from: positions[k]! - edge, step, L: labs.slice(k).map((c) => c[0]) },
    };
  }
}

/** A bevel's lit line is looked for this far past the step (mm) and the field beyond it read from LIT_FIELD_FROM_MM to LIT_FIELD_TO_MM. */
const LIT_PEAK_MM = 0.45;
const LIT_FIELD_FROM_MM = 0.6;
const LIT_FIELD_TO_MM = 1.0;
/** How much lighter (L*) than the border and than the field past it the line must be. */
const LIT_OVER_BORDER = 10;
const LIT_OVER_FIELD = 8;
/** A lit line's width (mm): a bevel's few tenths of a millimetre, wider than the blur of a step. */
const LIT_MIN_MM = 0.25;
const LIT_MAX_MM = 0.45;

/**
 * A light line the design starts with at the step `k` (edge at `edge` mm): lighter than the border
 * before it and the field after it, ending within LIT_MAX_MM. That is how a bevelled frame shows
 * its lit sides; its shaded sides are a dark line of the same width, which beside a dark border is
 * the border's own colour and cannot be seen (measureBorders). Returns its width, or null.
 */
function litLineAfter(
  labs: Lab[],
  positions: number[],
  borderL: number,
  k: number,
  edge: number,
  p: number,
): number | null {
  const peakEnd = Math.min(labs.length, k + Math.ceil(LIT_PEAK_MM * p) + 1);
  const fieldFrom = k + Math.ceil(LIT_FIELD_FROM_MM * p);
  const fieldTo = Math.min(labs.length, k + Math.ceil(LIT_FIELD_TO_MM * p) + 1);
  if (fieldTo - fieldFrom < 2) return null;
  let top = k;
  for (let j = k; j < peakEnd; j += 1) if (labs[j]![0] > labs[top]![0]) top = j;
  const peak = labs[top]![0];
  const field = labs
    .slice(fieldFrom, fieldTo)
    .map((c) => c[0])
    .sort((a, b) => a - b)[(fieldTo - fieldFrom) >> 1]!;
  if (peak - borderL < LIT_OVER_BORDER || peak - field < LIT_OVER_FIELD) return null;
  // Where the line falls half-way from its peak to the field, between samples.
  const half = (peak + field) / 2;
  for (let j = top + 1; j < fieldTo; j += 1) {
    const [a, b] = [labs[j - 1]![0], labs[j]![0]];
    if (b > half) continue;
    const end = positions[j - 1]! + ((a - half) / Math.max(1e-6, a - b)) * (positions[j]! - positions[j - 1]!);
    const width = end - edge;
    return width >= LIT_MIN_MM && width <= LIT_MAX_MM ? width : null;
  }
  return null;
}

/**
 * A faint band between the border and the step that `innerEdgeAt` found: the shaded line of a
 * bevel, printed as part of the frame, a few ΔE from the border's colour (a dark line beside a
 * dark border). Returns where it begins (mm, half-way from the border's colour to the band's), or
 * null. The band reaches the step (the sharpening's dip just before the step aside), is wider than
 * a blurred step's foot and narrower than BAND_MAX_MM, and ends before the border's reference.
 * One station's band may be noise; the side keeps bands only where most stations agree.
 */
function bandBefore(
  profile: number[],
  positions: number[],
  colours: Rgb[],
  borderRgb: Rgb,
  k: number,
  referenceEnd: number,
  p: number,
  photoPxPerMm: number,
): number | null {
  let j = k - 1;
  const dip = Math.max(1, Math.round(BAND_DIP_MM * p));
  for (let skipped = 0; skipped < dip && j >= referenceEnd && profile[j]! < BAND_DE; skipped += 1) j -= 1;
  const last = j;
  while (j >= referenceEnd && profile[j]! >= BAND_DE) j -= 1;
  if (j < referenceEnd) return null;
  const first = j + 1;
  const width = last - first + 1;
  if (width < Math.ceil(Math.max(BAND_MIN_MM, BAND_MIN_PHOTO_PX / photoPxPerMm) * p)) return null;
  if (positions[k]! - positions[first]! > BAND_MAX_MM) return null;
  // A line of one colour is level past its own blurred start (a photo pixel); the foot of a
  // blurred step rises all the way to the step.
  const inBand = profile.slice(Math.min(last - 1, first + Math.ceil(p / photoPxPerMm)), last + 1);
  if (Math.max(...inBand) > BAND_LEVEL * Math.min(...inBand)) return null;
  const band = medianColour(colours.slice(first, last + 1));
  return halfWay(positions, colours, borderRgb, band, first) ?? positions[first]!;
}

/** How many of profile[from, to) step away from the border's colour: without a copy of that stretch per step. */
function countAbove(profile: number[], from: number, to: number): number {
  let n = 0;
  for (let q = from; q < to; q += 1) if (profile[q]! > STEP_THRESHOLD) n += 1;
  return n;
}

/** A straight line through per-station values, leaving out those far from the median. */
function straighten(values: number[]): number[] {
  const sorted = [...values].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  const kept = values.flatMap((v, i) => (Math.abs(v - median) <= 0.08 ? [{ i, v }] : []));
  const n = kept.length;
  const mi = kept.reduce((t, p) => t + p.i, 0) / n;
  const mv = kept.reduce((t, p) => t + p.v, 0) / n;
  const sii = kept.reduce((t, p) => t + (p.i - mi) ** 2, 0);
  const slope = sii > 0 ? kept.reduce((t, p) => t + (p.i - mi) * (p.v - mv), 0) / sii : 0;
  return values.map((_, i) => mv + slope * (i - mi));
}

interface SideLine {
  /** The line's value at every station (mm). */
  at: number[];
  /** Root-mean-square distance (mm) of the read stations from the line. */
  scatter: number;
}

/**
 * The least-squares line through the stations a side was read at. One station's reading is
 * off by a fraction of the photo's pixel where the edge spreads over a few pixels; the line
 * through all of them much less, and the worst station of noisy readings is biased toward
 * off-centre. The line keeps its tilt (a print turned on the sheet) only where the tilt stands
 * out of the stations' scatter; otherwise it is level, at their mean.
 */
function fitLine(values: (number | null)[]): SideLine {
  const points = values.flatMap((v, i) => (v === null ? [] : [{ i, v }]));
  const n = points.length;
  const mi = points.reduce((t, p) => t + p.i, 0) / n;
  const mv = points.reduce((t, p) => t + p.v, 0) / n;
  const sii = points.reduce((t, p) => t + (p.i - mi) ** 2, 0);
  const slope = sii > 0 ? points.reduce((t, p) => t + (p.i - mi) * (p.v - mv), 0) / sii : 0;
  const fitted = values.map((_, i) => mv + slope * (i - mi));
  const scatter = Math.sqrt(points.reduce((t, p) => t + (p.v - fitted[p.i]!) ** 2, 0) / Math.max(1, n - 2));
  const significant = Math.abs(slope) > TILT_SIGNIFICANCE * (scatter / Math.sqrt(sii));
  const at = significant ? fitted : values.map(() => mv);
  return { at, scatter };
}

/**
 * A card's border is printed in one ink all round; a shadow or the light's falloff across the
 * desk makes one side darker, never another colour. Two sides' border colours are one ink when
 * the darker keeps at least INK_LIGHTNESS of the lighter's L* (or they differ by at most
 * INK_NEAR_L, as dark borders do in grain and glare), and, where both are light enough for
 * their chromaticity to be read (L* INK_HUE_FROM), it differs by at most INK_CHROMATICITY.
 * On zoo tuning seeds 1 to 480, of 567 faces measured, the 14 failing this were all off by 3 to
 * 41 points of share (a holder's rim, the table or the art read as one side's border); none
 * was read within 3 points. Faces read within 3 whose sides differ by more than INK_NEAR_L keep
 * 0.57 of the light side's L* and more (a phone's shadow over one side, a Yu-Gi-Oh frame's texture).
 */
const INK_LIGHTNESS = 0.5;
const INK_NEAR_L = 15;
const INK_HUE_FROM = 20;
const INK_CHROMATICITY = 0.06;

function oneInk(p: Lab, q: Lab): boolean {
  const [dark, light] = p[0] < q[0] ? [p[0], q[0]] : [q[0], p[0]];
  if (dark < INK_LIGHTNESS * light && light - dark > INK_NEAR_L) return false;
  if (dark < INK_HUE_FROM) return true;
  const [a, b] = [chromaticity(p), chromaticity(q)];
  return Math.hypot(a[0] - b[0], a[1] - b[1]) <= INK_CHROMATICITY;
}

const spreadOf = (values: number[]) => Math.max(...values) - Math.min(...values);
const round1 = (v: number) => Math.round(v * 10) / 10;

/**
 * Whether a side's border was read: its inner edge seen at MIN_STATIONS stations or more. Where it
 * was not, the face is printed to the edge there, or the outline along that side is not the card's.
 */
export function borderReadAlong(borders: BorderMeasurement, side: Side): boolean {
  return borders.stations[side].filter((v) => v !== null).length >= MIN_STATIONS;
}

/**
 * Centering of one face: for each pair of opposite stations, the larger share of the two
 * border widths (read from the line through each side's stations); the worst station counts
 * (docs/grading.md). A face where some side's border is not seen at most of its stations, or is
 * read too unevenly to be one edge, is 'not measurable', never guessed.
 */
export function centeringOf(borders: BorderMeasurement, face: Face): CenteringFace {
  const list = (sides: Side[]) => `${sides.join(', ')} edge${sides.length > 1 ? 's' : ''}`;
  // A side is read at the stations where its border is seen; glare, a sleeve's edge or a label
  // over a few of them leaves the rest. Too few left: printed to the edge, or covered.
  const unread = SIDES.filter((side) => !borderReadAlong(borders, side));
  const noBorder = unread.filter((side) => !borders.uniform[side]);
  if (noBorder.length) {
    return {
      measurable: false,
      reason: `No printed border of one colour was found along the ${list(noBorder)} (full-art or borderless design, or glare or a holder's edge over the border).`,
    };
  }
  if (unread.length) {
    return {
      measurable: false,
      reason: `Along the ${list(unread)} the artwork is too close to the border's colour to see where the border ends.`,
    };
  }
  const otherInk = SIDES.filter((side) => SIDES.some((other) => !oneInk(borders.colour[side], borders.colour[other])));
  if (otherInk.length) {
    return {
      measurable: false,
      reason: `The border does not have one colour all round (along the ${list(otherInk)} it differs), so what was read as the border on some side is a holder's rim, the table or the artwork, and its width is not known.`,
    };
  }
  for (const side of SIDES) {
    const found = borders.stations[side].filter((v): v is number => v !== null);
    if (spreadOf(found) > 1.5) {
      return {
        measurable: false,
        reason: `The inner edge of the ${side} border is not a straight line, so the border could not be told from the artwork.`,
      };
    }
  }
  const lines = Object.fromEntries(SIDES.map((side) => [side, fitLine(borders.stations[side])])) as Record<
    Side,
    SideLine
  >;
  // A printed edge read at every station over 2 mm of its length lies on one line to within a
  // fraction of the photo's pixel. Stations scattered further read something else at some of
  // them (a bevel's faint shading, art of the border's colour, glare), and the share is a guess.
  const tolerance = Math.max(MIN_SCATTER_MM, MAX_SCATTER_PX / borders.photoPxPerMm);
  const scattered = SIDES.filter((side) => lines[side].scatter > tolerance);
  if (scattered.length) {
    return {
      measurable: false,
      reason: `The inner edge of the border along the ${list(scattered)} does not read as one straight line at this photo's resolution, so the border's width is uncertain.`,
    };
  }
  const mean = (side: Side) => lines[side].at.reduce((t, v) => t + v, 0) / lines[side].at.length;
  const narrow = SIDES.filter((side) => mean(side) < NARROW_BORDER_MM);
  if (narrow.length) {
    return {
      measurable: false,
      reason: `The border along the ${list(narrow)} reads under ${NARROW_BORDER_MM} mm: the outline there may not follow the card's edge (a sleeve's edge, the table or a shadow taken for it), or the card is cut far off centre. Check the green outline, or set the frame lines yourself to measure it.`,
    };
  }
  const axis = (a: Side, b: Side) => {
    const shares: number[] = [];
    let worst = { share: 0, a: 0, b: 0 };
    for (let i = 0; i < STATIONS; i += 1) {
      // Shares are read where both sides were seen, from the lines through their stations.
      if (borders.stations[a][i] == null || borders.stations[b][i] == null) continue;
      const x = lines[a].at[i]!;
      const y = lines[b].at[i]!;
      if (x + y <= 0) continue;
      const share = (100 * Math.max(x, y)) / (x + y);
      shares.push(share);
      if (share > worst.share) worst = { share, a: x, b: y };
    }
    return { worst, spread: shares.length ? spreadOf(shares) : 0 };
  };
  // Left and right stations sit at the same heights; top and bottom at the same widths. Each
  // side has MIN_STATIONS of STATIONS (more than half), so at least one pair is read on both.
  const lr = axis('left', 'right');
  const tb = axis('top', 'bottom');
  const worstShare = Math.max(lr.worst.share, tb.worst.share);
  const grade = face === 'front' ? frontCenteringGrade(worstShare) : backCenteringGrade(worstShare);
  const { width, height } = borders.sizeMm;
  return {
    measurable: true,
    leftRight: [round1(lr.worst.share), round1(100 - lr.worst.share)],
    topBottom: [round1(tb.worst.share), round1(100 - tb.worst.share)],
    spread: { leftRight: round1(lr.spread), topBottom: round1(tb.spread) },
    bordersMm: {
      left: round1(lr.worst.a),
      right: round1(lr.worst.b),
      top: round1(tb.worst.a),
      bottom: round1(tb.worst.b),
    },
    frame: roundFrame({
      left: mean('left') / width,
      right: 1 - mean('right') / width,
      top: mean('top') / height,
      bottom: 1 - mean('bottom') / height,
    }),
    grade,
  };
}

const roundFrame = (f: Frame): Frame => ({
  left: round4(f.left),
  right: round4(f.right),
  top: round4(f.top),
  bottom: round4(f.bottom),
});
const round4 = (v: number) => Math.round(v * 10_000) / 10_000;

/**
 * Centering of one face from frame lines the owner set (fractions of the card, see Frame): each
 * axis's larger share of its two border widths, graded on the face's scale. The lines are
 * straight and level in the card's upright view, so every station reads the same.
 */
export function centeringFromFrame(
  frame: Frame,
  size: { widthMm: number; heightMm: number },
  face: Face,
): CenteringFace {
  const borders = {
    left: frame.left * size.widthMm,
    right: (1 - frame.right) * size.widthMm,
    top: frame.top * size.heightMm,
    bottom: (1 - frame.bottom) * size.heightMm,
  };
  const share = (a: number, b: number) => (a + b > 0 ? (100 * Math.max(a, b)) / (a + b) : 50);
  const lr = share(borders.left, borders.right);
  const tb = share(borders.top, borders.bottom);
  const worst = Math.max(lr, tb);
  return {
    measurable: true,
    leftRight: [round1(lr), round1(100 - lr)],
    topBottom: [round1(tb), round1(100 - tb)],
    spread: { leftRight: 0, topBottom: 0 },
    bordersMm: {
      left: round1(borders.left),
      right: round1(borders.right),
      top: round1(borders.top),
      bottom: round1(borders.bottom),
    },
    frame: roundFrame(frame),
    ownerSet: true,
    grade: face === 'front' ? frontCenteringGrade(worst) : backCenteringGrade(worst),
  };
}
