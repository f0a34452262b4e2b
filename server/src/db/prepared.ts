import { fillPlaceholders } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from './client.ts';

/**
 * A query built once per database and kept: the hot reads (the session behind every API call, a
 * user's list, one grading) skip rebuilding their SQL on each request, and on PostgreSQL each
 * connection parses and plans a named statement once. Only for the database itself: a statement
 * prepared on it runs outside any transaction.
 */
export function preparedFor<Q>(build: (db: Database) => Q): (db: Database) => Q {
  const built = new WeakMap<Database, Q>();
  return (db) => {
    let query = built.get(db);
    if (!query) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}

type ArrayRowsClient = {
  query(text: string, params: unknown[], options: { rowMode: 'array' }): Promise<{ rows: unknown[][] }>;
};

/**
 * A read of many rows that Drizzle writes once and the driver runs by name, its rows answered as
 * arrays: for a list page of up to 100 cards, Drizzle's mapping of every row to an object
 * (an iterator per column) allocated more than the query and its answer together. On
 * PostgreSQL the statement is named, so each connection parses and plans it once.
 */
export function arrayRowsQuery(
  name: string,
  build: (db: Database) => { toSQL(): { sql: string; params: unknown[] } },
): (db: Database, values: Record<string, unknown>) => Promise<unknown[][]> {
  const written = preparedFor((db) => build(db).toSQL());
  return async (db, values) => {
    const { sql: text, params } = written(db);
    const args = fillPlaceholders(params, values);
    const client = (db as unknown as { $client: pg.Pool | ArrayRowsClient }).$client;
    const result =
      client instanceof pg.Pool
        ? await client.query<unknown[]>({ name, text, values: args, rowMode: 'array' })
        : await client.query(text, args, { rowMode: 'array' });
    return result.rows;
  };
}
