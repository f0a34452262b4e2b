import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { analyzeHintsSchema } from '@gradelens/shared';
import type { Database } from '../db/client.ts';
import { cardGradings } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { releaseAnalysis, startQueuedRun } from '../modules/gradings/analysis-claim.ts';
import {
  ANALYSIS_FAILED_MESSAGE,
  runAnalysis,
  type RunDeps,
  type StoredRejection,
} from '../modules/gradings/analyze.ts';
import type { GradingJob } from '../modules/gradings/queued-analysis.ts';

const id = z
  .number()
  .int()
  .min(1)
  .max(2 ** 31 - 1);

/** A job is read back from the database like any input: anything else is logged and dropped. */
const gradingJobSchema = z.object({
  gradingId: id,
  userId: id,
  claim: z.iso.datetime(),
  hints: analyzeHintsSchema,
}) satisfies z.ZodType<GradingJob>;

function readJob(data: unknown, deps: Pick<RunDeps, 'log'>): GradingJob | null {
  const parsed = gradingJobSchema.safeParse(data);
  if (parsed.success) return parsed.data;
  deps.log.error({ issues: parsed.error.issues.map((i) => i.path.join('.')) }, 'dropped a malformed grading job');
  return null;
}

/**
 * A worker's turn at a job: the same run the API does in its own process (runAnalysis), under
 * the claim the job carries. The claim no longer holding (withdrawn, graded, taken over) means
 * there is nothing to do. A definite outcome (graded, refused, balance spent) gives the claim
 * back; anything else is thrown with the claim kept, so the queue's retry can run it again.
 */
export async function gradeQueuedJob(db: Database, deps: RunDeps, data: unknown): Promise<void> {
  const job = readJob(data, deps);
  if (!job) return;
  const claim = new Date(job.claim);
  if (!(await startQueuedRun(db, job.gradingId, claim))) return;
  try {
    await runAnalysis(db, deps, job);
  } catch (error) {
    if (!(error instanceof AppError) || deps.stopping?.()) throw error;
    deps.log.info({ gradingId: job.gradingId, code: error.code }, 'grading job ended without a grade');
  }
  await releaseAnalysis(db, job.gradingId, claim);
}

/**
 * A job that failed for good (its worker died twice, or it threw twice): the draft gets a
 * rejection that says so and its claim back, in one update, only while that job's claim holds.
 * Nothing was charged: the charge is made only with the stored report.
 */
export async function recordFailedJob(db: Database, deps: Pick<RunDeps, 'log'>, data: unknown): Promise<void> {
  const job = readJob(data, deps);
  if (!job) return;
  const rejection: StoredRejection = {
    code: 'analysis_failed',
    message: ANALYSIS_FAILED_MESSAGE,
    at: new Date().toISOString(),
  };
  const failed = await db
    .update(cardGradings)
    .set({ rejection, analysisStartedAt: null, analysisStage: null })
    .where(
      and(
        eq(cardGradings.id, job.gradingId),
        eq(cardGradings.analysisStartedAt, new Date(job.claim)),
        isNull(cardGradings.gradedAt),
      ),
    )
    .returning({ id: cardGradings.id });
  if (failed.length) deps.log.warn({ gradingId: job.gradingId }, 'grading job failed for good; nothing was charged');
}
