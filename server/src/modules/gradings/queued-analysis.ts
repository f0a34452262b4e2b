import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { POINTS_PER_GRADING } from '@gradelens/shared';
import type { Database } from '../../db/client.ts';
import { cardGradings } from '../../db/schema.ts';
import { AppError, insufficientPoints, notFound } from '../../errors.ts';
import {
  analysisDidNotFinish,
  releaseAnalysis,
  stillBeingGraded,
  withdrawQueuedRun,
  ANALYSIS_WAIT,
} from './analysis-claim.ts';
import { balanceOf, engineBusy, type AnalysisResult, type AnalysisRun, type StoredRejection } from './analyze.ts';

/** A grading job as it goes on the queue: ids, the claim it runs under and the owner's corners, never photo bytes. */
export interface GradingJob extends AnalysisRun {
  /** The claim's start (analysis_started_at), to the millisecond: the job runs only while it still holds. */
  claim: string;
}

/** How long the API waits for a queued run: for a worker to start it, for its end, and how often it looks. */
export interface QueuedWait {
  startMs: number;
  waitMs: number;
  pollMs: number;
}

export const QUEUED_WAIT: QueuedWait = { startMs: 30_000, waitMs: ANALYSIS_WAIT.waitMs, pollMs: 250 };

/** Where the API hands the runs it claimed, on PostgreSQL (server/src/queue/grading-queue.ts, pg-boss). */
export interface GradingQueue {
  readonly wait: QueuedWait;
  /** Answers the job's id. */
  enqueue(job: GradingJob): Promise<string>;
  /** Drops a job no worker started (a worker that fetched it anyway finds its claim gone and does nothing). */
  cancel(jobId: string): Promise<void>;
}

/**
 * Hands a claimed run to the queue and waits for its outcome on the grading's row, answering as
 * the run in this process would have: the graded card and its charge, the refusal kept on the
 * draft (422), or the 402 of a balance spent meanwhile. A job no worker has started when the
 * start wait ends is withdrawn and answered as a busy engine (nothing was or will be charged);
 * a run that started but has not ended by the wait goes on, and the answer says where to find it.
 */
export async function analyzeOnQueue(
  db: Database,
  deps: { queue: GradingQueue; log: FastifyBaseLogger },
  run: AnalysisRun,
  claim: Date,
  rejectionBefore: unknown,
): Promise<AnalysisResult> {
  const wait = deps.queue.wait;
  let jobId: string;
  try {
    jobId = await deps.queue.enqueue({ ...run, claim: claim.toISOString() });
  } catch (error) {
    await releaseAnalysis(db, run.gradingId, claim).catch(() => undefined);
    throw error;
  }
  const started = Date.now();
  for (;;) {
    const [row] = await db.select().from(cardGradings).where(eq(cardGradings.id, run.gradingId));
    if (!row) throw notFound('That card grading');
    if (row.gradedAt) return { grading: row, charged: POINTS_PER_GRADING, balance: await balanceOf(db, run.userId) };
    if (row.analysisStartedAt?.getTime() !== claim.getTime()) {
      throw await whyNotGraded(db, run, row.rejection as StoredRejection | null, rejectionBefore as StoredRejection);
    }
    const waited = Date.now() - started;
    if (
      row.analysisStage === 'queued' &&
      waited >= wait.startMs &&
      (await withdrawQueuedRun(db, run.gradingId, claim))
    ) {
      deps.log.warn(
        { gradingId: run.gradingId, waitedMs: waited },
        'no grading worker took the job in time; answered busy (is a worker running: GRADING_IN_API or npm run worker?)',
      );
      await deps.queue
        .cancel(jobId)
        .catch((error: unknown) => deps.log.warn({ err: error, jobId }, 'could not cancel a withdrawn grading job'));
      throw engineBusy();
    }
    if (waited >= wait.waitMs) throw stillBeingGraded();
    await sleep(wait.pollMs);
  }
}

/** The run gave the claim back without a grade: the refusal it kept, a balance spent meanwhile, or a plain failure. */
async function whyNotGraded(
  db: Database,
  run: AnalysisRun,
  rejection: StoredRejection | null,
  before: StoredRejection | null,
): Promise<AppError> {
  if (rejection && rejection.at !== before?.at) {
    const { at: _at, ...refusal } = rejection;
    return new AppError('UNGRADABLE', rejection.message, {
      extra: refusal.code === 'analysis_failed' ? { code: refusal.code } : { code: refusal.code, rejection: refusal },
    });
  }
  const balance = await balanceOf(db, run.userId);
  if (balance < POINTS_PER_GRADING) return insufficientPoints(POINTS_PER_GRADING, balance);
  return analysisDidNotFinish();
}
