import type { FastifyInstance } from 'fastify';
import type { Executor } from './db/client.ts';
import type { Env } from './env.ts';
import { deleteEndedWindows } from './modules/rate-limit/service.ts';
import { deleteExpiredSessions } from './modules/sessions/service.ts';

const CLEANUP_INTERVAL_MS = 60 * 60 * 1000;

/** Deletes rows nobody reads again: expired sessions and rate-limit counters whose window ended. */
export async function deleteStaleRows(db: Executor, env: Pick<Env, 'AUTH_RATE_LIMIT_WINDOW_SECONDS'>): Promise<void> {
  await deleteExpiredSessions(db);
  // Every limit counts in this one window, so no counter still in use is older than it.
  await deleteEndedWindows(db, env.AUTH_RATE_LIMIT_WINDOW_SECONDS);
}

/** Cleans up when the app is ready and every hour after; the timer never keeps the process alive. */
export function scheduleCleanup(app: FastifyInstance, db: Executor, env: Pick<Env, 'AUTH_RATE_LIMIT_WINDOW_SECONDS'>): void {
  let timer: NodeJS.Timeout | undefined;
  const run = () => deleteStaleRows(db, env).catch((error: unknown) => app.log.error({ err: error }, 'cleanup of stale rows failed'));
  app.addHook('onReady', async () => {
    await run();
    timer = setInterval(() => void run(), CLEANUP_INTERVAL_MS).unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
