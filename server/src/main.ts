import { availableParallelism } from 'node:os';
import { buildApp } from './app.ts';
import { openDatabase } from './db/client.ts';
import { loadEnv, startupWarnings, type Env } from './env.ts';
import { claimDataDir } from './data-dir-lock.ts';
import { graderOnDemand } from './grader-on-demand.ts';
import { gradingPoolFor } from './grading-pool.ts';
import { consumeGradingJobs } from './queue/consume.ts';
import { openGradingQueue } from './queue/grading-queue.ts';
import { processLog } from './queue/log.ts';
import { STOP_GRACE_MS } from './queue/worker-process.ts';
import { openImageStore } from './storage/store.ts';

async function main(): Promise<void> {
  const env = loadEnv();
  const releaseLock = env.DATABASE_URL ? () => undefined : claimDataDir(env.DATA_DIR);
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  // The engine's threads start with the first grading or outline check (decision 0026).
  const grader = graderOnDemand(() => gradingPoolFor(env));
  const images = await openImageStore(env);
  // On PostgreSQL, analyses go through the queue (decision 0025); this process runs jobs too unless GRADING_IN_API=false.
  const queueLog = processLog(env, 'grading-queue');
  const gradingQueue = env.DATABASE_URL
    ? await openGradingQueue({ databaseUrl: env.DATABASE_URL, log: queueLog })
    : null;
  let givingBack = false;
  if (gradingQueue) {
    await consumeGradingJobs(gradingQueue, database.db, {
      grader: env.GRADING_IN_API ? grader : null,
      images,
      log: queueLog,
      concurrency: env.GRADING_WORKERS ?? Math.max(1, availableParallelism()),
      stopping: () => givingBack,
    });
  }
  const app = await buildApp({ db: database.db, env, grader, gradingQueue, images });

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await gradingQueue?.stop(STOP_GRACE_MS);
    givingBack = true;
    await grader.close();
    await gradingQueue?.idle();
    await database.close();
    releaseLock();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: env.HOST, port: env.PORT });
  app.log.info(`GradeLens on http://localhost:${env.PORT} (database: ${database.kind}, grading: ${gradingMode(env)})`);
  for (const warning of startupWarnings(env)) app.log.warn(warning);
}

function gradingMode(env: Env): string {
  if (!env.DATABASE_URL) return 'in this process';
  return env.GRADING_IN_API ? 'queued, run by this process and any npm run worker' : 'queued, run by npm run worker';
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
