import type { HalfPointScores } from '@gradelens/shared';
import {
  backCenteringGrade,
  cornerViewGrade,
  edgesGrade,
  frontCenteringGrade,
  overallScore,
  surfaceGrade,
} from '../../rubric.ts';
import type { CenteringTruth } from '../index.ts';
import { polylineLength, type FaceDamage } from './damage.ts';
import type { Borders } from './face.ts';

/** [larger, smaller] share in percent of two opposite borders. */
const pair = (a: number, b: number): [number, number] => {
  const larger = (100 * Math.max(a, b)) / (a + b);
  return [larger, 100 - larger];
};

export const centeringTruth = (b: Borders | null): CenteringTruth =>
  b ? { measurable: true, leftRight: pair(b.left, b.right), topBottom: pair(b.top, b.bottom) } : { measurable: false };

export const scratchMm = (d: FaceDamage) => d.scratches.reduce((t, s) => t + polylineLength(s.points), 0);
export const creaseLengths = (d: FaceDamage) => d.creases.map((c) => Math.hypot(c.x2 - c.x1, c.y2 - c.y1));
export const printLineLengths = (d: FaceDamage, w: number, h: number) => d.printLines.map((p) => (p.vertical ? h : w));
/** The rubric's edge measure: total length over the edge views, stretches deeper than 0.3 mm counted twice. */
export const edgeSeverityMm = (d: FaceDamage) => d.edges.reduce((t, e) => t + e.length * (e.depth > 0.3 ? 2 : 1), 0);

/** The half-point scores the rubric gives these true measurements, the way the first generator computes them. */
export function expectedScores(
  front: { borders: Borders | null; damage: FaceDamage },
  back: { borders: Borders | null; damage: FaceDamage },
  w: number,
  h: number,
): HalfPointScores {
  const centering = [
    ...(front.borders
      ? [
          frontCenteringGrade(
            Math.max(centeringTruth(front.borders).leftRight![0], centeringTruth(front.borders).topBottom![0]),
          ),
        ]
      : []),
    ...(back.borders
      ? [
          backCenteringGrade(
            Math.max(centeringTruth(back.borders).leftRight![0], centeringTruth(back.borders).topBottom![0]),
          ),
        ]
      : []),
  ];
  const corners = Math.min(...[...front.damage.cornerWhitening, ...back.damage.cornerWhitening].map(cornerViewGrade));
  const edges = edgesGrade(edgeSeverityMm(front.damage) + edgeSeverityMm(back.damage));
  // A print line counts as a scratch of its length at half weight; the back counts half.
  const lines = (d: FaceDamage) => scratchMm(d) + 0.5 * printLineLengths(d, w, h).reduce((t, v) => t + v, 0);
  const creases = [...creaseLengths(front.damage), ...creaseLengths(back.damage)];
  const surface = surfaceGrade(lines(front.damage) + 0.5 * lines(back.damage), {
    count: creases.length,
    longestMm: Math.max(0, ...creases),
  });
  // No face with a border to measure: the rubric leaves centering out (not measured).
  const scores = { centering: centering.length ? Math.min(...centering) : null, corners, edges, surface };
  return { ...scores, overall: overallScore(scores) };
}
