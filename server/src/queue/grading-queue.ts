import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import {
  QUEUED_WAIT,
  type GradingJob,
  type GradingQueue,
  type QueuedWait,
} from '../modules/gradings/queued-analysis.ts';

/** Grading runs; a job whose worker died is retried once, then copied to FAILED_QUEUE. */
export const GRADING_QUEUE = 'grading';
/** Runs that failed for good (pg-boss's dead letter queue): their claim is given back with a clear rejection. */
export const FAILED_QUEUE = 'grading-failed';

export interface QueueTiming {
  /** A job still active this long after a worker took it is taken for dead and retried (or failed). */
  expireSeconds: number;
  /** How often expired jobs are looked for (by whichever instance's turn it is). */
  maintenanceSeconds: number;
  /** How often an idle consumer asks for a job. */
  pollSeconds: number;
}

/**
 * The engine stops a run at 30 s (GradingPool's job time limit); reading and saving photos add
 * seconds. Two minutes leaves a slow run alone and still retries a dead worker's job soon.
 */
export const QUEUE_TIMING: QueueTiming = { expireSeconds: 120, maintenanceSeconds: 30, pollSeconds: 1 };

export interface QueueConsumer {
  /** Runs each grading job; a throw fails the attempt (retried once). */
  grade?: (data: unknown) => Promise<void>;
  /** Records a job that failed for good. */
  failed: (data: unknown) => Promise<void>;
  /** How many grading jobs at once: the pool's worker threads. */
  concurrency: number;
}

export interface PgGradingQueue extends GradingQueue {
  consume(consumer: QueueConsumer): Promise<void>;
  /**
   * Stops asking for jobs and waits up to graceMs for the running ones; any still running then
   * are given back to the queue (their attempt counts).
   */
  stop(graceMs: number): Promise<void>;
  /** Resolves once no job handler of this process runs (one given back by stop() may still be ending). */
  idle(): Promise<void>;
}

export interface QueueOptions {
  databaseUrl: string;
  log: FastifyBaseLogger;
  /** pg-boss's own schema in the database; tests use one per file. */
  schema?: string;
  timing?: QueueTiming;
  wait?: QueuedWait;
}

/** The grading queue on PostgreSQL, through pg-boss (decision 0025). Creates its schema and queues on first use. */
export async function openGradingQueue({
  databaseUrl,
  log,
  schema = 'pgboss',
  timing = QUEUE_TIMING,
  wait = QUEUED_WAIT,
}: QueueOptions): Promise<PgGradingQueue> {
  const boss = new PgBoss({
    connectionString: databaseUrl,
    schema,
    max: 4,
    application_name: 'gradelens-queue',
    schedule: false,
    maintenanceIntervalSeconds: timing.maintenanceSeconds,
  });
  boss.on('error', (error) => log.error({ err: error }, 'grading queue error'));
  await boss.start();
  await boss.createQueue(FAILED_QUEUE, { name: FAILED_QUEUE });
  await boss.createQueue(GRADING_QUEUE, { name: GRADING_QUEUE });
  const workers: string[] = [];
  const running = new Set<Promise<void>>();
  const tracked =
    (handler: (data: unknown) => Promise<void>) =>
    async ([job]: PgBoss.Job[]) => {
      const run = handler(job?.data);
      running.add(run);
      try {
        await run;
      } finally {
        running.delete(run);
      }
    };

  return {
    wait,
    async enqueue(job: GradingJob) {
      const id = await boss.send(GRADING_QUEUE, job, {
        retryLimit: 1,
        retryDelay: 0,
        expireInSeconds: timing.expireSeconds,
        deadLetter: FAILED_QUEUE,
      });
      if (!id) throw new Error('the grading queue did not take the job');
      // A consumer in this process asks at once instead of at its next poll.
      for (const worker of workers) boss.notifyWorker(worker);
      return id;
    },
    async cancel(jobId) {
      await boss.cancel(GRADING_QUEUE, jobId);
    },
    async consume({ grade, failed, concurrency }) {
      const poll = { batchSize: 1, pollingIntervalSeconds: timing.pollSeconds };
      workers.push(await boss.work(FAILED_QUEUE, poll, tracked(failed)));
      if (!grade) return;
      // One pg-boss worker per engine thread: a worker holds one job at a time, so none waits in the pool.
      for (let i = 0; i < concurrency; i += 1) {
        workers.push(await boss.work(GRADING_QUEUE, poll, tracked(grade)));
      }
    },
    async stop(graceMs) {
      await boss.stop({ graceful: true, wait: true, timeout: Math.max(1000, graceMs) });
    },
    async idle() {
      await Promise.allSettled([...running]);
    },
  };
}
