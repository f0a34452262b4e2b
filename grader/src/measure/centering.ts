import type { CenteringFace, Face } from '@gradelens/shared';
import { deltaE, medianLab, type Lab } from '../image/color.ts';
import { backCenteringGrade, frontCenteringGrade } from '../rubric.ts';
import type { LabFace } from './lab-grid.ts';
import { patch, SIDES, sideLength, type Side } from './sides.ts';
import { backgroundOf } from './wear.ts';

const STATIONS = 7;
const MAX_BORDER_MM = 12;
const STEP_THRESHOLD = 12;

export interface BorderMeasurement {
  /** Inner edge of the printed border per side and station, in mm from the outer edge (null: not found). */
  stations: Record<Side, (number | null)[]>;
  colour: Record<Side, Lab>;
  uniform: Record<Side, boolean>;
}

/** Stations at even spacing between 20% and 80% of a side, away from the corners. */
const stationAlong = (length: number, i: number) => length * (0.2 + (0.6 * i) / (STATIONS - 1));

/**
 * Where the card's outer edge crosses a station, in mm inward from the fitted side: the point
 * halfway from the background's colour to the border's. Measuring it per station, like the
 * inner edge, keeps a fitted side that sits a fraction of a pixel off out of the widths.
 */
function outerEdgeAt(face: LabFace, side: Side, along: number, background: Lab, border: Lab): number {
  const contrast = deltaE(background, border);
  if (contrast < 15) return 0;
  const step = 1 / face.face.pxPerMm;
  const d = [background[0] - border[0], background[1] - border[1], background[2] - border[2]] as const;
  const share = (c: Lab) => ((c[0] - border[0]) * d[0] + (c[1] - border[1]) * d[1] + (c[2] - border[2]) * d[2]) / (contrast * contrast);
  let previous = share(patch(face, side, along, -0.8, 1.0, 0));
  for (let x = -0.8 + step; x <= 0.6; x += step) {
    const current = share(patch(face, side, along, x, 1.0, 0));
    if (previous >= 0.5 && current < 0.5) return x - step + (step * (previous - 0.5)) / Math.max(1e-6, previous - current);
    previous = current;
  }
  return 0;
}

export function measureBorders(face: LabFace): BorderMeasurement {
  const { widthMm: w, heightMm: h, pxPerMm: p } = face.face;
  const background = backgroundOf(face);
  const stations = {} as BorderMeasurement['stations'];
  const colour = {} as BorderMeasurement['colour'];
  const uniform = {} as BorderMeasurement['uniform'];
  for (const side of SIDES) {
    const length = sideLength(side, w, h);
    const samples: Lab[] = [];
    for (let i = 0; i < 15; i += 1) samples.push(patch(face, side, length * (0.1 + (0.8 * i) / 14), 0.7, 0.4, 0.25));
    const border = medianLab(samples);
    colour[side] = border;
    uniform[side] = samples.filter((s) => deltaE(s, border) > 10).length <= 2;
    stations[side] = Array.from({ length: STATIONS }, (_, i) => {
      const along = stationAlong(length, i);
      const step = 1 / p;
      const profile: number[] = [];
      for (let d = 0.35; d <= MAX_BORDER_MM; d += step) profile.push(deltaE(patch(face, side, along, d, 1.0, 0), border));
      const sustain = Math.ceil(0.25 * p);
      for (let k = 0; k + sustain < profile.length; k += 1) {
        if (profile.slice(k, k + sustain).every((v) => v > STEP_THRESHOLD)) {
          const plateau = [...profile.slice(k, k + Math.ceil(0.5 * p))].sort((a, b) => a - b);
          const half = (plateau[Math.floor(plateau.length / 2)] ?? STEP_THRESHOLD) / 2;
          let j = k;
          while (j > 0 && profile[j - 1]! >= half) j -= 1;
          const before = j > 0 ? profile[j - 1]! : 0;
          const frac = j > 0 ? (half - before) / Math.max(1e-6, profile[j]! - before) : 0;
          const inner = 0.35 + (j - 1 + frac) * step;
          const outer = outerEdgeAt(face, side, along, background, border);
          return Math.abs(outer) < 0.4 ? inner - outer : inner;
        }
      }
      return null;
    });
  }
  return { stations, colour, uniform };
}

const spreadOf = (values: number[]) => Math.max(...values) - Math.min(...values);
const round1 = (v: number) => Math.round(v * 10) / 10;

/**
 * Centering of one face: for each pair of opposite stations, the larger share of the two
 * border widths; the worst station counts (GRADING.md). Faces without a uniform printed
 * border on all sides are 'not measurable', never guessed.
 */
export function centeringOf(borders: BorderMeasurement, face: Face): CenteringFace {
  const unusable = SIDES.filter((side) => !borders.uniform[side] || borders.stations[side].filter((v) => v !== null).length < 5);
  if (unusable.length) {
    return { measurable: false, reason: `No printed border of one colour was found along the ${unusable.join(', ')} edge${unusable.length > 1 ? 's' : ''} (full-art or borderless design).` };
  }
  for (const side of SIDES) {
    const found = borders.stations[side].filter((v): v is number => v !== null);
    if (spreadOf(found) > 1.5) {
      return { measurable: false, reason: `The inner edge of the ${side} border is not a straight line, so the border could not be told from the artwork.` };
    }
  }
  const axis = (a: Side, b: Side) => {
    const shares: number[] = [];
    let worst = { share: 0, a: 0, b: 0 };
    for (let i = 0; i < STATIONS; i += 1) {
      const x = borders.stations[a][i];
      const y = borders.stations[b][i];
      if (x == null || y == null || x + y <= 0) continue;
      const share = (100 * Math.max(x, y)) / (x + y);
      shares.push(share);
      if (share > worst.share) worst = { share, a: x, b: y };
    }
    return { worst, spread: shares.length ? spreadOf(shares) : 0 };
  };
  // Left and right stations sit at the same heights; top and bottom at the same widths.
  const lr = axis('left', 'right');
  const tb = axis('top', 'bottom');
  const worstShare = Math.max(lr.worst.share, tb.worst.share);
  const grade = face === 'front' ? frontCenteringGrade(worstShare) : backCenteringGrade(worstShare);
  return {
    measurable: true,
    leftRight: [round1(lr.worst.share), round1(100 - lr.worst.share)],
    topBottom: [round1(tb.worst.share), round1(100 - tb.worst.share)],
    spread: { leftRight: round1(lr.spread), topBottom: round1(tb.spread) },
    bordersMm: { left: round1(lr.worst.a), right: round1(lr.worst.b), top: round1(tb.worst.a), bottom: round1(tb.worst.b) },
    grade,
  };
}
