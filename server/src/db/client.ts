import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { migrationsFolder } from '../paths.ts';
import * as schema from './schema.ts';

type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Either the database or a transaction inside it: services accept both. */
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/**
 * PostgreSQL through DATABASE_URL, else embedded PGlite in DATA_DIR/db (or a given PGlite
 * instance). The committed migrations are applied before the handle is returned.
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir?: string;
  pglite?: PGlite;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    await migratePostgres(options.databaseUrl);
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    const db = drizzleNodePg(pool, { schema }) as unknown as Database;
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  if (!options.pglite && !options.dataDir) throw new Error('openDatabase needs a databaseUrl or a dataDir');
  // Loaded only for the embedded database: a server on PostgreSQL never holds PGlite's code.
  const [{ PGlite: EmbeddedPostgres }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const client = options.pglite ?? new EmbeddedPostgres(path.join(options.dataDir ?? '', 'db'));
  await client.waitReady;
  await migratePglite(drizzlePglite(client), { migrationsFolder });
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return { db, kind: 'pglite', close: () => client.close() };
}

const MIGRATION_LOCK = 724_301;

/** Several server instances may start at once: one migrates while the others wait. */
async function migratePostgres(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrateNodePg(drizzleNodePg(client), { migrationsFolder });
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    await client.end();
  }
}
