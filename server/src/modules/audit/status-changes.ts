import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { statusChanges } from '../../db/schema.ts';

export type StatusSubject = 'order' | 'in_person_submission' | 'listing' | 'offer' | 'ad_payout';

/**
 * The audit row of one status change, written in the transaction that made the change: who
 * moved what from which status to which, with the note the customer was told.
 */
export async function recordStatusChange(
  db: Executor,
  change: {
    subject: StatusSubject;
    subjectId: number;
    from: string | null;
    to: string;
    actorId: number | null;
    note?: string | null;
  },
): Promise<void> {
  await db.insert(statusChanges).values({
    subject: change.subject,
    subjectId: change.subjectId,
    fromStatus: change.from,
    toStatus: change.to,
    actorId: change.actorId,
    note: change.note ?? null,
  });
}

/** A subject's changes, oldest first: the timeline its owner and the admins see. */
export async function statusTimeline(db: Executor, subject: StatusSubject, subjectId: number) {
  return db
    .select({
      from: statusChanges.fromStatus,
      to: statusChanges.toStatus,
      note: statusChanges.note,
      at: statusChanges.createdAt,
    })
    .from(statusChanges)
    .where(and(eq(statusChanges.subject, subject), eq(statusChanges.subjectId, subjectId)))
    .orderBy(asc(statusChanges.createdAt), asc(statusChanges.id));
}
