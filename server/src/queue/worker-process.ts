import { openDatabase } from '../db/client.ts';
import type { Env } from '../env.ts';
import type { Grader } from '../modules/gradings/analyze.ts';
import { openImageStore } from '../storage/store.ts';
import { consumeGradingJobs } from './consume.ts';
import { openGradingQueue, type QueueTiming } from './grading-queue.ts';
import { processLog } from './log.ts';

/** How long a stopping worker lets its running jobs finish: the engine's own limit on one run, and a margin. */
export const STOP_GRACE_MS = 35_000;

export interface WorkerEngine {
  /** The engine (a GradingPool); closed when the worker stops. */
  grader: Grader & { close(): Promise<void> };
  /** Jobs at once: the engine's threads. */
  concurrency: number;
}

/** Tests use their own pg-boss schema and short intervals. */
export interface WorkerOptions {
  schema?: string;
  timing?: QueueTiming;
  graceMs?: number;
}

/**
 * `npm run worker`: takes grading jobs from the queue in PostgreSQL and runs each as the API
 * would (decision 0025), reading photos from the same store. SIGTERM or SIGINT: no new jobs;
 * the running ones finish within the grace, or are given back to the queue for another worker.
 */
export async function runGradingWorker(
  env: Env,
  startEngine: () => WorkerEngine,
  options: WorkerOptions = {},
): Promise<void> {
  if (!env.DATABASE_URL) {
    throw new Error(
      'npm run worker needs DATABASE_URL, the PostgreSQL server the API uses: grading workers take their jobs from a queue there. With the embedded database, the API grades by itself (npm start).',
    );
  }
  const { grader, concurrency } = startEngine();
  const log = processLog(env, 'grading-worker');
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL });
  const queue = await openGradingQueue({
    databaseUrl: env.DATABASE_URL,
    log,
    ...(options.schema ? { schema: options.schema } : {}),
    ...(options.timing ? { timing: options.timing } : {}),
  });
  let givingBack = false;
  await consumeGradingJobs(queue, database.db, {
    grader,
    images: await openImageStore(env),
    log,
    concurrency,
    stopping: () => givingBack,
  });
  log.info({ concurrency }, 'grading worker ready');

  const stop = async (signal: string) => {
    log.info({ signal }, 'grading worker stopping: no new jobs, the running ones finish or go back to the queue');
    await queue.stop(options.graceMs ?? STOP_GRACE_MS);
    // Whatever still runs was given back: its engine stops now, and nothing is kept on the draft.
    givingBack = true;
    await grader.close();
    await queue.idle();
    await database.close();
    log.info('grading worker stopped');
    process.exit(0);
  };
  const stopOn = (signal: string) => () =>
    stop(signal).catch((error: unknown) => {
      log.error({ err: error }, 'grading worker could not stop cleanly');
      process.exit(1);
    });
  process.once('SIGTERM', stopOn('SIGTERM'));
  process.once('SIGINT', stopOn('SIGINT'));
}
