import { GradingPool } from '@gradelens/grader/pool/pool';
import { buildApp } from './app.ts';
import { openDatabase } from './db/client.ts';
import { loadEnv, startupWarnings } from './env.ts';
import { claimDataDir } from './data-dir-lock.ts';
import { graderOnDemand } from './grader-on-demand.ts';

async function main(): Promise<void> {
  const env = loadEnv();
  const releaseLock = env.DATABASE_URL ? () => undefined : claimDataDir(env.DATA_DIR);
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  // Bundled, the worker is dist/grading-worker.js beside this file; from source, the pool's own.
  const bundled = import.meta.url.endsWith('.js');
  const grader = graderOnDemand(
    () =>
      new GradingPool({
        size: env.GRADING_WORKERS,
        ...(bundled ? { workerUrl: new URL('./grading-worker.js', import.meta.url) } : {}),
      }),
  );
  const app = await buildApp({ db: database.db, env, grader });

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await grader.close();
    await database.close();
    releaseLock();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: env.HOST, port: env.PORT });
  app.log.info(`GradeLens on http://localhost:${env.PORT} (database: ${database.kind})`);
  for (const warning of startupWarnings(env)) app.log.warn(warning);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
