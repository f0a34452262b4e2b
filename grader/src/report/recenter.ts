import type { Face, Frame, GradeReport } from '@gradelens/shared';
import { centeringFromFrame } from '../measure/centering.ts';
import { overallScore, toIntegerGrade, toReportedGrade } from '../rubric.ts';
import { confidenceOf } from './confidence.ts';
import { writeNotes } from './notes.ts';

/**
 * A graded report with the frame lines the owner set after grading: those faces' centering is
 * read from the lines, and the centering grade, the overall grade, the confidence and the notes
 * follow. Corners, edges and surface are kept as measured. A face left out of the grade (its
 * outline was not the card's) has no squared-up picture to set lines on: it is refused by the
 * caller, see `framesSettable`.
 */
export function recentered(report: GradeReport, frames: Partial<Record<Face, Frame>>): GradeReport {
  const centering = { ...report.centering };
  const ownerSet = {
    front: { outline: false, frame: false },
    back: { outline: false, frame: false },
    ...report.ownerSet,
  };
  for (const face of ['front', 'back'] as const) {
    const frame = frames[face];
    if (!frame) continue;
    centering[face] = centeringFromFrame(frame, report.cardSize, face);
    ownerSet[face] = { ...ownerSet[face], frame: true };
  }
  const grades = (['front', 'back'] as const)
    .map((f) => centering[f].grade)
    .filter((g): g is number => g !== undefined);
  const centeringScore = grades.length ? Math.min(...grades) : null;
  const scores = { ...report.scores, centering: centeringScore };
  scores.overall = overallScore({
    centering: centeringScore,
    corners: scores.corners,
    edges: scores.edges,
    surface: scores.surface,
  });
  const warnings = report.warnings.filter((w) => !(w.code === 'centering_not_measurable' && w.face && frames[w.face]));
  const measured = {
    ...report,
    centering,
    scores,
    warnings,
    ownerSet,
    overallGrade: toIntegerGrade(scores.overall),
    centeringGrade: toReportedGrade(centeringScore),
  };
  const base = { ...measured, confidence: confidenceOf(measured) };
  return { ...base, notes: writeNotes(base, report.surfaceInspected ?? '') };
}

/** Faces whose frame lines can be set after grading: those that were graded. */
export const framesSettable = (report: GradeReport, face: Face) =>
  !report.warnings.some((w) => w.code === 'face_not_assessed' && w.face === face);
