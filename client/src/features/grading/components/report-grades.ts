import type { CardGrading, GradeReport } from '@gradelens/shared';

export interface ReportGrades {
  overallGrade: number;
  /** Null: the engine could not measure centering on either face. */
  centeringGrade: number | null;
  cornerGrade: number;
  edgeGrade: number;
  surfaceGrade: number;
  notes: string | null;
  gradingMethod: string | null;
  aiPowered: boolean;
  analysis?: GradeReport | null;
  annotatedFrontPath?: string | null;
  annotatedBackPath?: string | null;
  /** A grader's correction: its date and notes; the engine's notes are then superseded. */
  correction?: { at: string; notes: string | null } | null;
  centeringSetByOwner?: boolean;
}

/** A stored grading as the report view shows it (missing grades read 1, as the spec's dialog does; centering may be not measured). */
export function toReportGrades(g: CardGrading & { analysis?: GradeReport | null }): ReportGrades {
  return {
    overallGrade: g.overallGrade ?? 1,
    centeringGrade: g.centeringGrade,
    cornerGrade: g.cornerGrade ?? 1,
    edgeGrade: g.edgeGrade ?? 1,
    surfaceGrade: g.surfaceGrade ?? 1,
    notes: g.notes,
    gradingMethod: g.gradingMethod,
    aiPowered: g.mlPowered === 1,
    analysis: g.analysis ?? null,
    annotatedFrontPath: g.annotatedFrontPath,
    annotatedBackPath: g.annotatedBackPath,
    correction: g.correction ?? null,
    centeringSetByOwner: g.centeringSetByOwner,
  };
}
