// `npm test`: every suite on the embedded database (PGlite); when TEST_DATABASE_URL is set,
// the database-backed suites then run again on that PostgreSQL server (`npm run test:pg`).
// Arguments go to the first run: `npm test -- server/src/modules/accounts`.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const { TEST_DATABASE_URL: postgresUrl, ...withoutUrl } = process.env;
const embedded = spawnSync('npx', ['vitest', 'run', ...process.argv.slice(2)], { stdio: 'inherit', env: withoutUrl });
if (embedded.status !== 0 || !postgresUrl) process.exit(embedded.status ?? 1);
console.log('\nTEST_DATABASE_URL is set: the database suites again, on PostgreSQL\n');
const postgres = spawnSync(process.execPath, [fileURLToPath(new URL('./test-pg.mjs', import.meta.url))], {
  stdio: 'inherit',
  env: process.env,
});
process.exit(postgres.status ?? 1);
