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
