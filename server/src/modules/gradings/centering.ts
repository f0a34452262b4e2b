import { and, eq, isNotNull } from 'drizzle-orm';
import { recentered, framesSettable } from '@gradelens/grader/report/recenter';
import type { CenteringLines, GradeReport } from '@gradelens/shared';
import type { Database } from '../../db/client.ts';
import { cardGradings, gradeCorrections } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';

type GradingRow = typeof cardGradings.$inferSelect;

/**
 * The owner's frame lines after grading: the centering, and so the overall grade, re-read from
 * them for free. Only the engine's own grades are re-read: after an admin's correction the
 * grader's word stands, and a face left out of the grade has no picture to set lines on.
 */
export async function setCenteringLines(db: Database, grading: GradingRow, lines: CenteringLines): Promise<GradingRow> {
  if (!grading.gradedAt) throw new AppError('CONFLICT', 'Grade the card first; then its centering lines can be moved.');
  const report = grading.analysis as GradeReport | null;
  if (!report?.centering || !report.cardSize)
    throw new AppError('CONFLICT', 'This grading has no measured report to set centering lines on.');
  for (const face of ['front', 'back'] as const) {
    if (lines[face] && !framesSettable(report, face)) {
      throw new AppError(
        'CONFLICT',
        `The ${face} was not graded (its outline was not the card's), so its centering lines cannot be set. Grade the card again with new photos.`,
      );
    }
  }
  return db.transaction(async (tx) => {
    // The row first: an admin's correction updates it too, so the two run one after the other.
    const [current] = await tx.select().from(cardGradings).where(eq(cardGradings.id, grading.id)).for('update');
    const [corrected] = await tx
      .select({ id: gradeCorrections.id })
      .from(gradeCorrections)
      .where(eq(gradeCorrections.cardGradingId, grading.id))
      .limit(1);
    if (corrected)
      throw new AppError(
        'CONFLICT',
        'A grader has corrected this card’s grades, and their grades stand; the centering lines can no longer be changed.',
      );
    const updated = recentered((current?.analysis ?? report) as GradeReport, lines);
    const [row] = await tx
      .update(cardGradings)
      .set({
        analysis: updated,
        centeringGrade: updated.centeringGrade,
        overallGrade: updated.overallGrade,
        notes: updated.notes,
      })
      .where(and(eq(cardGradings.id, grading.id), isNotNull(cardGradings.gradedAt)))
      .returning();
    if (!row) throw new AppError('CONFLICT', 'This grading changed meanwhile. Reload it and try again.');
    return row;
  });
}
