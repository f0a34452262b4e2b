import type { Database } from './db/client.ts';
import type { Env } from './env.ts';

/** What every module's routes receive: the database and the checked settings. */
export interface AppContext {
  db: Database;
  env: Env;
}
