// `npm run test:pg`: the database-backed suites again, on the PostgreSQL server of TEST_DATABASE_URL.
import { spawnSync } from 'node:child_process';

if (!process.env.TEST_DATABASE_URL) {
  console.error('Set TEST_DATABASE_URL to a PostgreSQL database the tests may use, for example:');
  console.error('  TEST_DATABASE_URL=$(sudo bash scripts/postgres-test-db.sh) npm run test:pg');
  process.exit(64);
}
const run = spawnSync('npx', ['vitest', 'run', '--project', 'server'], { stdio: 'inherit' });
process.exit(run.status ?? 1);
