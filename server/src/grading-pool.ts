import { GradingPool } from '@gradelens/grader/pool/pool';
import type { Env } from './env.ts';

/** The engine's worker threads, for the API (main.ts) and for a grading worker (worker-main.ts). */
export function gradingPoolFor(env: Pick<Env, 'GRADING_WORKERS'>): GradingPool {
  // Bundled, the worker is dist/grading-worker.js beside the entry; from source, the pool's own.
  const bundled = import.meta.url.endsWith('.js');
  return new GradingPool({
    size: env.GRADING_WORKERS,
    ...(bundled ? { workerUrl: new URL('./grading-worker.js', import.meta.url) } : {}),
  });
}
