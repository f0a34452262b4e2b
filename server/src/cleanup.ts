import type { FastifyInstance } from 'fastify';
import { CARD_PRICE_RATE_LIMIT } from '@gradelens/shared';
import type { AppContext } from './context.ts';
import type { Executor } from './db/client.ts';
import type { Env } from './env.ts';
import { deleteOldDrafts } from './modules/gradings/drafts.ts';
import { deleteStrayFiles } from './modules/photos/sweep.ts';
import { deleteEndedWindows } from './modules/rate-limit/service.ts';
import { deleteForgottenSignInFailures } from './modules/rate-limit/sign-in-backoff.ts';
import { deleteExpiredSessions } from './modules/sessions/service.ts';

const CLEANUP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Deletes rows nobody reads again: expired sessions, rate-limit counters whose window ended,
 * sign-in failures older than the window and drafts older than 30 days.
 */
type WindowSettings = Pick<Env, 'AUTH_RATE_LIMIT_WINDOW_SECONDS' | 'USER_RATE_LIMIT_WINDOW_SECONDS'>;

export async function deleteStaleRows(db: Executor, env: WindowSettings): Promise<void> {
  await deleteExpiredSessions(db);
  // The sign-in limits, the per-user limits and the price look-ups each count in their own
  // window: no counter still in use is older than the longest of them.
  await deleteEndedWindows(
    db,
    Math.max(
      env.AUTH_RATE_LIMIT_WINDOW_SECONDS,
      env.USER_RATE_LIMIT_WINDOW_SECONDS,
      CARD_PRICE_RATE_LIMIT.windowSeconds,
    ),
  );
  await deleteForgottenSignInFailures(db, env.AUTH_RATE_LIMIT_WINDOW_SECONDS);
  // Uploads never graded, past the 30 days the history promises; their files go with the stray-file sweep.
  await deleteOldDrafts(db);
}

/**
 * Cleans up when the app is ready and every hour after; the timer never keeps the process alive.
 * Stray files are swept in the background (a large uploads folder must not hold up the start);
 * closing the app stops a sweep between two batches and waits for it.
 */
export function scheduleCleanup(
  app: FastifyInstance,
  { db, env, images }: Pick<AppContext, 'db' | 'env' | 'images'>,
): void {
  let timer: NodeJS.Timeout | undefined;
  let sweep: Promise<void> | undefined;
  const stopSweep = new AbortController();
  const deleteRows = () =>
    deleteStaleRows(db, env).catch((error: unknown) => app.log.error({ err: error }, 'cleanup of stale rows failed'));
  const sweepFiles = () => {
    sweep ??= deleteStrayFiles(db, images, { signal: stopSweep.signal })
      .then((removed) => {
        if (removed > 0) app.log.info({ removed }, 'removed stored files that no row names');
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'sweep of stray files failed'))
      .finally(() => {
        sweep = undefined;
      });
  };
  app.addHook('onReady', async () => {
    await deleteRows();
    sweepFiles();
    timer = setInterval(() => {
      void deleteRows();
      sweepFiles();
    }, CLEANUP_INTERVAL_MS).unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    stopSweep.abort();
    await sweep;
  });
}
