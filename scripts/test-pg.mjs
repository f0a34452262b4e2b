// `npm run test:pg`: the database-backed suites again, on the PostgreSQL server of TEST_DATABASE_URL.
import { spawnSync } from 'node:child_process';

if (!process.env.TEST_DATABASE_URL) {
  console.error('Set TEST_DATABASE_URL to a PostgreSQL database the tests may use, for example:');
  console.error('  TEST_DATABASE_URL=$(sudo bash scripts/postgres-test-db.sh) npm run test:pg');
  process.exit(64);
}
const url = process.env.TEST_DATABASE_URL.trim();
if (!/^postgres(ql)?:\/\/[^\s]+$/.test(url)) {
  console.error(`TEST_DATABASE_URL is not a postgres:// URL: ${JSON.stringify(process.env.TEST_DATABASE_URL)}`);
  console.error('Set it to one line such as postgres://app:app@127.0.0.1:5432/app_test');
  process.exit(64);
}
const run = spawnSync('npx', ['vitest', 'run', '--project', 'server'], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: url },
});
process.exit(run.status ?? 1);
