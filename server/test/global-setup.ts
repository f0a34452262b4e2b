import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDump: string;
  }
}

/**
 * Migrates once. On PGlite: dumps the migrated database so each test file starts its own copy
 * in a fraction of a second. On PostgreSQL (TEST_DATABASE_URL): migrates the shared test
 * database, which tests use with unique data and never truncate.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const handle = await openDatabase({ databaseUrl: url });
    await handle.close();
    project.provide('pgliteDump', '');
    return () => undefined;
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'gradelens-test-'));
  const pglite = new PGlite();
  const handle = await openDatabase({ pglite });
  const dump = await pglite.dumpDataDir('none');
  const file = path.join(dir, 'migrated.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  project.provide('pgliteDump', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
