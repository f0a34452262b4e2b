import { loadEnv } from './env.ts';
import { gradingPoolFor } from './grading-pool.ts';
import { runGradingWorker } from './queue/worker-process.ts';

// `npm run worker`: a grading worker on any machine that reaches the database and the photo store.
async function main(): Promise<void> {
  const env = loadEnv();
  await runGradingWorker(env, () => {
    const grader = gradingPoolFor(env);
    return { grader, concurrency: grader.stats().workers };
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
