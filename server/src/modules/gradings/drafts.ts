import { and, count, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { DRAFT_KEEP_DAYS } from '@gradelens/shared';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import { cardGradings, imageMetadata, users } from '../../db/schema.ts';
import { AppError, notFound } from '../../errors.ts';
import type { ImageStore } from '../../storage/images.ts';
import { noAnalysisRunning } from './analysis-claim.ts';

type GradingRow = typeof cardGradings.$inferSelect;

/**
 * Drafts are uploads never graded: their photos take disk space but nothing was paid for
 * them, so each user may keep only so many (DRAFTS_PER_USER) and may delete them.
 */

const tooManyDrafts = (max: number) =>
  new AppError(
    'CONFLICT',
    `You have ${max} uploaded cards that are not graded yet. Grade or delete one in Profile > Grading History, then upload again.`,
  );

async function countDrafts(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ drafts: count() })
    .from(cardGradings)
    .where(and(eq(cardGradings.userId, userId), isNull(cardGradings.gradedAt)));
  return row?.drafts ?? 0;
}

/** Refuses an upload before its photos are read when the user has no room for another draft. */
export async function ensureDraftRoom(db: Database, userId: number, max: number): Promise<void> {
  if ((await countDrafts(db, userId)) >= max) throw tooManyDrafts(max);
}

/**
 * The cap itself, in the transaction that inserts the draft. The user's row is locked first,
 * so of two uploads at once the second counts after the first has committed or rolled back.
 */
export async function takeDraftPlace(tx: Transaction, userId: number, max: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  if ((await countDrafts(tx, userId)) >= max) throw tooManyDrafts(max);
}

/**
 * Deletes a draft: its row and image records in one transaction, then its files. A file that
 * cannot be removed is logged and left behind; the deletion stands either way. A graded card
 * is refused (it was paid for, and may be shared or listed), and so is a card being analysed.
 */
export async function deleteDraft(
  db: Database,
  images: ImageStore,
  grading: GradingRow,
  log: FastifyBaseLogger,
): Promise<void> {
  const paths = await db.transaction(async (tx) => {
    const records = await tx
      .delete(imageMetadata)
      .where(eq(imageMetadata.relatedCardId, grading.id))
      .returning({ filePath: imageMetadata.filePath });
    const [deleted] = await tx
      .delete(cardGradings)
      .where(and(eq(cardGradings.id, grading.id), isNull(cardGradings.gradedAt), noAnalysisRunning()))
      .returning();
    if (!deleted) throw await whyNotDeleted(tx, grading.id);
    return new Set([
      deleted.frontImagePath,
      deleted.backImagePath,
      deleted.frontThumbPath,
      ...records.map((r) => r.filePath),
    ]);
  });
  for (const path of paths) {
    if (!path) continue;
    await images
      .remove(path)
      .catch((error: unknown) =>
        log.error({ err: error, path, gradingId: grading.id }, 'could not remove a file of a deleted draft'),
      );
  }
}

/** The error for a draft the conditional delete did not match; throwing it rolls the transaction back. */
async function whyNotDeleted(tx: Transaction, id: number): Promise<AppError> {
  const [row] = await tx.select({ gradedAt: cardGradings.gradedAt }).from(cardGradings).where(eq(cardGradings.id, id));
  if (!row) return notFound('That card grading');
  if (row.gradedAt) return new AppError('CONFLICT', 'Graded cards cannot be deleted.');
  return new AppError(
    'CONFLICT',
    'This card is being graded right now. Wait for the result, then delete it if you still want to.',
  );
}

/**
 * Deletes drafts older than DRAFT_KEEP_DAYS that no analysis holds, with their image records,
 * in one statement each; their files, named by no row after, go with the sweep of stray files.
 * Answers how many were deleted.
 */
export async function deleteOldDrafts(db: Executor): Promise<number> {
  const old = and(
    isNull(cardGradings.gradedAt),
    lt(cardGradings.createdAt, sql`now() - make_interval(days => ${DRAFT_KEEP_DAYS})`),
    noAnalysisRunning(),
  );
  const ids = db.select({ id: cardGradings.id }).from(cardGradings).where(old);
  await db.delete(imageMetadata).where(inArray(imageMetadata.relatedCardId, ids));
  const deleted = await db.delete(cardGradings).where(old).returning({ id: cardGradings.id });
  return deleted.length;
}
