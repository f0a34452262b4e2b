import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { cardGradings } from '../../db/schema.ts';
import { AppError, notFound } from '../../errors.ts';

type GradingRow = typeof cardGradings.$inferSelect;

/**
 * One engine run per grading at a time, across every server instance: a call claims the
 * grading in the database before it runs the engine; calls that find it claimed wait for
 * the stored result instead of running the engine again.
 */

/** A claim older than this was left by a server stopped mid-run: another call may take it over. */
export const CLAIM_STALE_SECONDS = 10 * 60;

/** How long a call that lost the claim waits for the result, and how often it looks. */
export const ANALYSIS_WAIT = { waitMs: 120_000, pollMs: 200 };

/** No engine run holds the grading: none started, or the one that did was abandoned. */
export const noAnalysisRunning = () =>
  or(
    isNull(cardGradings.analysisStartedAt),
    lt(cardGradings.analysisStartedAt, sql`now() - make_interval(secs => ${CLAIM_STALE_SECONDS})`),
  );

/**
 * Claims an ungraded grading for this call. Answers the claim's start time, or null when
 * the card is graded or another run holds it. The time is kept to the millisecond, the
 * precision of a JavaScript Date, so it can identify the claim when it is released.
 */
export async function claimAnalysis(db: Database, id: number): Promise<Date | null> {
  const [claimed] = await db
    .update(cardGradings)
    .set({ analysisStartedAt: sql`date_trunc('milliseconds', now())`, analysisStage: 'queued' })
    .where(and(eq(cardGradings.id, id), isNull(cardGradings.gradedAt), noAnalysisRunning()))
    .returning({ startedAt: cardGradings.analysisStartedAt });
  return claimed?.startedAt ?? null;
}

/** Gives the claim back if this call still holds it (a call that took over a stale claim keeps its own). */
export async function releaseAnalysis(db: Database, id: number, claim: Date): Promise<void> {
  await db
    .update(cardGradings)
    .set({ analysisStartedAt: null, analysisStage: null })
    .where(and(eq(cardGradings.id, id), eq(cardGradings.analysisStartedAt, claim)));
}

/**
 * A worker taking a queued run (or retrying one whose worker died): answers false when the
 * claim the job carries no longer holds, because the API withdrew it, the card was graded, or
 * a later call took the claim over; the job then has nothing to do.
 */
export async function startQueuedRun(db: Database, id: number, claim: Date): Promise<boolean> {
  const started = await db
    .update(cardGradings)
    .set({ analysisStage: 'decode' })
    .where(and(eq(cardGradings.id, id), eq(cardGradings.analysisStartedAt, claim), isNull(cardGradings.gradedAt)))
    .returning({ id: cardGradings.id });
  return started.length === 1;
}

/**
 * Gives back a claim whose job no worker has started (the stage is still 'queued'). The worker's
 * start and this update change the same row on the same conditions, so exactly one of them wins.
 */
export async function withdrawQueuedRun(db: Database, id: number, claim: Date): Promise<boolean> {
  const withdrawn = await db
    .update(cardGradings)
    .set({ analysisStartedAt: null, analysisStage: null })
    .where(
      and(eq(cardGradings.id, id), eq(cardGradings.analysisStartedAt, claim), eq(cardGradings.analysisStage, 'queued')),
    )
    .returning({ id: cardGradings.id });
  return withdrawn.length === 1;
}

/**
 * Waits for the run that holds the claim and answers the graded row. The run failing
 * (claim given back, card still ungraded) or taking longer than the wait is a 409 that says
 * what to do; the engine is not run again here, since the same photos would fail the same way.
 */
export async function waitForAnalysis(db: Database, id: number, wait = ANALYSIS_WAIT): Promise<GradingRow> {
  const deadline = Date.now() + wait.waitMs;
  for (;;) {
    const [row] = await db.select().from(cardGradings).where(eq(cardGradings.id, id));
    if (!row) throw notFound('That card grading');
    if (row.gradedAt) return row;
    if (!row.analysisStartedAt) throw analysisDidNotFinish();
    if (Date.now() >= deadline) throw stillBeingGraded();
    await sleep(wait.pollMs);
  }
}

export const analysisDidNotFinish = () => new AppError('CONFLICT', "This card's analysis did not finish. Try again.");

export const stillBeingGraded = () =>
  new AppError(
    'CONFLICT',
    'This card is still being graded. Open it from Profile > Grading History in a few minutes to see the result.',
  );
