// npm run admin:create -- --username U --email E --password P
import { parseArgs } from 'node:util';
import { claimDataDir } from '../src/data-dir-lock.ts';
import { openDatabase } from '../src/db/client.ts';
import { loadEnv } from '../src/env.ts';
import { createOrPromoteAdmin } from '../src/modules/accounts/admin.ts';

const { values } = parseArgs({
  options: { username: { type: 'string' }, email: { type: 'string' }, password: { type: 'string' } },
});
if (!values.username || !values.email) {
  console.error('Usage: npm run admin:create -- --username U --email E [--password P]');
  console.error('Promotes the account with that username or email, or creates it (then --password is needed).');
  process.exit(64);
}

const env = loadEnv();
const release = env.DATABASE_URL ? () => undefined : claimDataDir(env.DATA_DIR);
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
try {
  const outcome = await createOrPromoteAdmin(database.db, {
    username: values.username,
    email: values.email,
    password: values.password,
  });
  console.log(outcome === 'created' ? `Created admin ${values.username}.` : `${values.username} is now an admin.`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
  release();
}
