import { eq, isNotNull, and } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { cardGradings } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import { halfPointOf, type GradeReport } from '@gradelens/shared';
import { latestCorrection } from './service.ts';

type GradingRow = typeof cardGradings.$inferSelect;

/**
 * A grading's certificate number, on its label and behind its QR code: the id, for reading out,
 * and a random code, so the public certificate pages cannot be walked by counting.
 */
export const certificateNumber = (grading: Pick<GradingRow, 'id' | 'certificateCode'>) =>
  `GL-${String(grading.id).padStart(8, '0')}-${grading.certificateCode}`;

/** The owner set the frame lines of either face: centering was read from them. */
export const centeringSetByOwner = (report: GradeReport | null) =>
  Boolean(report?.ownerSet && (report.ownerSet.front.frame || report.ownerSet.back.frame));

const NUMBER = /^GL-(\d{1,10})-([0-9A-F]{8})$/i;

/** The graded card a certificate number names; 404 for anything else (a draft, a wrong code, a made-up number). */
export async function findCertified(db: Database, number: string): Promise<GradingRow> {
  const match = NUMBER.exec(number.trim());
  const id = match ? Number(match[1]) : NaN;
  if (!match || !Number.isSafeInteger(id) || id > 2_147_483_647) throw notFound('That certificate');
  const [row] = await db
    .select()
    .from(cardGradings)
    .where(and(eq(cardGradings.id, id), isNotNull(cardGradings.gradedAt)))
    .limit(1);
  if (!row || row.certificateCode !== match[2]!.toUpperCase()) throw notFound('That certificate');
  return row;
}

/**
 * What the public certificate page shows: the card, its grades and date, the front unless the
 * owner took it off. The owner alone is told it is theirs, with the photo setting, to change it there.
 */
export async function presentCertificate(db: Database, row: GradingRow, viewerId: number | null) {
  const report = row.analysis as GradeReport | null;
  const correction = await latestCorrection(db, row.id);
  const number = certificateNumber(row);
  return {
    certificateNumber: number,
    cardName: row.cardName,
    cardSet: row.cardSet,
    cardNumber: row.cardNumber,
    gameBrand: row.gameBrand,
    year: row.year,
    overallGrade: row.overallGrade,
    centeringGrade: row.centeringGrade,
    cornerGrade: row.cornerGrade,
    edgeGrade: row.edgeGrade,
    surfaceGrade: row.surfaceGrade,
    gradedAt: row.gradedAt?.toISOString() ?? null,
    gradingMethod: row.gradingMethod,
    correctedByGrader: correction !== null,
    // The engine's half point behind each whole grade, where it measured one (none after a correction).
    measured: {
      overall: halfPointOf(report?.scores, correction !== null, 'overall', row.overallGrade),
      centering: halfPointOf(report?.scores, correction !== null, 'centering', row.centeringGrade),
      corners: halfPointOf(report?.scores, correction !== null, 'corners', row.cornerGrade),
      edges: halfPointOf(report?.scores, correction !== null, 'edges', row.edgeGrade),
      surface: halfPointOf(report?.scores, correction !== null, 'surface', row.surfaceGrade),
    },
    centeringSetByOwner: centeringSetByOwner(report),
    photoPath: row.certPhotoHidden === 1 || !row.frontThumbPath ? null : `/api/certificates/${number}/photo`,
    sharedGradingId: row.sharedAt ? row.id : null,
    ...(viewerId === row.userId ? { owner: { gradingId: row.id, photoShown: row.certPhotoHidden === 0 } } : {}),
  };
}
