import { buildApp } from './app.ts';
import { openDatabase } from './db/client.ts';
import { loadEnv } from './env.ts';
import { claimDataDir } from './data-dir-lock.ts';

async function main(): Promise<void> {
  const env = loadEnv();
  const releaseLock = env.DATABASE_URL ? () => undefined : claimDataDir(env.DATA_DIR);
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  const app = await buildApp({ db: database.db, env });

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    releaseLock();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: env.HOST, port: env.PORT });
  app.log.info(`GradeLens on http://localhost:${env.PORT} (database: ${database.kind})`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
