import { desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { CardGrading, GradeReport } from '@gradelens/shared';
import type { Database } from '../../db/client.ts';
import { preparedFor } from '../../db/prepared.ts';
import { cardGradings, gradeCorrections, type users } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import { gradingPolicy } from './policy.ts';
import { presentGrading } from './presenter.ts';

type GradingRow = typeof cardGradings.$inferSelect;
type Viewer = typeof users.$inferSelect | null;

const { analysis, ...withoutReport } = getTableColumns(cardGradings);

/**
 * GET /api/card-gradings/:id in one query: the grading, its latest correction by a grader (as
 * latestCorrection gives it), and the engine's report as the JSON text PostgreSQL writes. The
 * report, most of the answer (several kB), goes out as that text: never parsed into objects only
 * to be written back (docs/decisions/0026). Of it, only what the presenter reads is parsed.
 */
const gradingWithCorrection = preparedFor((db) => {
  const values = gradeCorrections.newValues;
  const notes = sql<
    string | null
  >`CASE WHEN jsonb_typeof(${values} -> 'notes') = 'string' THEN ${values} ->> 'notes' END`;
  const latest = db
    .select({ at: gradeCorrections.createdAt, notes: notes.as('correction_notes') })
    .from(gradeCorrections)
    .where(eq(gradeCorrections.cardGradingId, cardGradings.id))
    .orderBy(desc(gradeCorrections.createdAt), desc(gradeCorrections.id))
    .limit(1)
    .as('latest_correction');
  return db
    .select({
      grading: withoutReport,
      reportJson: sql<string | null>`${analysis}::text`,
      ownerSet: sql<GradeReport['ownerSet'] | null>`${analysis} -> 'ownerSet'`,
      correctionAt: latest.at,
      correctionNotes: latest.notes,
    })
    .from(cardGradings)
    .leftJoinLateral(latest, sql`true`)
    .where(eq(cardGradings.id, sql.placeholder('id')))
    .prepare('grading_with_correction');
});

export interface GradingRead {
  /** The row, whose `analysis` holds only the report's parts the presenter reads. */
  grading: GradingRow;
  reportJson: string | null;
  correction: CardGrading['correction'];
}

/** A grading this user may see; 404 otherwise, as findVisibleGrading. */
export async function readVisibleGrading(db: Database, id: number, viewer: Viewer): Promise<GradingRead> {
  const [row] = await gradingWithCorrection(db).execute({ id });
  if (!row || !gradingPolicy.view(viewer, row.grading)) throw notFound('That card grading');
  // Assigned, not spread into a copy: V8 moves a hot site's copies straight to the old generation
  // (pretenuring), which made this call alone grow the heap by tens of MB under load.
  const grading: GradingRow = Object.assign(row.grading, {
    analysis: row.reportJson === null ? null : { ownerSet: row.ownerSet ?? undefined },
  });
  return {
    grading,
    reportJson: row.reportJson,
    correction: row.correctionAt ? { at: row.correctionAt.toISOString(), notes: row.correctionNotes } : null,
  };
}

/**
 * The answer's JSON: the presented grading through the route's compiled serializer, then the
 * report's text as its `analysis` (PostgreSQL's jsonb output is always valid JSON).
 */
export function gradingJson(
  serialize: (answer: Record<string, unknown>) => string,
  read: GradingRead,
  viewer: Viewer,
): string {
  const answer: CardGrading = presentGrading(read.grading, { viewer });
  answer.correction = read.correction;
  const json = serialize(answer as unknown as Record<string, unknown>);
  return `${json.slice(0, -1)},"analysis":${read.reportJson ?? 'null'}}`;
}
