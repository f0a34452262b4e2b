import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/db/client.ts';

/** A database for one test file: a PGlite copy of the migrated dump, or the PostgreSQL test server. */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) return openDatabase({ databaseUrl: url });
  const dump = readFileSync(inject('pgliteDump'));
  const pglite = new PGlite({ loadDataDir: new Blob([dump]) });
  return openDatabase({ pglite });
}
