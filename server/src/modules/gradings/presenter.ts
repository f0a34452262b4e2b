import type { CardGrading, GradeReport } from '@gradelens/shared';
import { centeringSetByOwner, certificateNumber } from './certificate.ts';
import type { cardGradings, users } from '../../db/schema.ts';
import { gradingPolicy } from './policy.ts';

type GradingRow = typeof cardGradings.$inferSelect;
type UserRow = typeof users.$inferSelect;

const UPLOADS = '/uploads/';

/** Image paths are served from /uploads/<last path segment>, whatever was stored (a path the store wrote is kept as it is). */
export function publicImagePath(stored: string): string {
  const cut = Math.max(stored.lastIndexOf('/'), stored.lastIndexOf('\\'));
  if (cut === UPLOADS.length - 1 && stored.startsWith(UPLOADS)) return stored;
  return UPLOADS + stored.slice(cut + 1);
}

/** The viewer decides whether the owner's id is shown: without one, it is not. */
export function presentGrading(
  row: GradingRow,
  options: { viewer?: UserRow | null; withAnalysis?: boolean; ownerName?: string } = {},
): CardGrading {
  return {
    id: row.id,
    ...(gradingPolicy.seeOwnerId(options.viewer ?? null, row) ? { userId: row.userId } : {}),
    ...(options.ownerName ? { ownerName: options.ownerName } : {}),
    cardName: row.cardName,
    cardSet: row.cardSet,
    cardNumber: row.cardNumber,
    gameBrand: row.gameBrand,
    year: row.year,
    frontImagePath: publicImagePath(row.frontImagePath),
    backImagePath: publicImagePath(row.backImagePath),
    frontThumbPath: row.frontThumbPath ? publicImagePath(row.frontThumbPath) : null,
    cornerGrade: row.cornerGrade,
    edgeGrade: row.edgeGrade,
    surfaceGrade: row.surfaceGrade,
    centeringGrade: row.centeringGrade,
    overallGrade: row.overallGrade,
    notes: row.notes,
    gradingMethod: row.gradingMethod,
    mlPowered: row.mlPowered === 1 ? 1 : 0,
    shared: row.sharedAt !== null,
    sharedAt: row.sharedAt?.toISOString() ?? null,
    gradedAt: row.gradedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    annotatedFrontPath: row.annotatedFrontPath ? publicImagePath(row.annotatedFrontPath) : null,
    annotatedBackPath: row.annotatedBackPath ? publicImagePath(row.annotatedBackPath) : null,
    ...(options.withAnalysis ? { analysis: row.analysis ?? null } : {}),
    certificateNumber: row.gradedAt ? certificateNumber(row) : null,
    centeringSetByOwner: centeringSetByOwner(row.analysis as GradeReport | null),
    ...(gradingPolicy.manage(options.viewer ?? null, row)
      ? {
          rejection: row.gradedAt ? null : ((row.rejection as CardGrading['rejection']) ?? null),
          certificatePhotoShown: row.certPhotoHidden === 0,
        }
      : {}),
  };
}
