import type { Database } from '../db/client.ts';
import type { Grader, RunDeps } from '../modules/gradings/analyze.ts';
import type { ImageStore } from '../storage/images.ts';
import { gradeQueuedJob, recordFailedJob } from './grading-jobs.ts';
import type { PgGradingQueue } from './grading-queue.ts';

/**
 * This process's share of the queue: always the record of jobs that failed for good (a database
 * update, so every API instance does it, workers or not); with an engine, grading jobs too, as
 * many at once as the engine has threads.
 */
export function consumeGradingJobs(
  queue: PgGradingQueue,
  db: Database,
  deps: Omit<RunDeps, 'grader'> & { grader: Grader | null; images: ImageStore; concurrency: number },
): Promise<void> {
  const { grader, concurrency, ...rest } = deps;
  return queue.consume({
    failed: (data) => recordFailedJob(db, rest, data),
    ...(grader ? { grade: (data: unknown) => gradeQueuedJob(db, { ...rest, grader }, data) } : {}),
    concurrency,
  });
}
