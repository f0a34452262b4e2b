import type { Database } from './db/client.ts';
import type { Env } from './env.ts';
import type { Mailer } from './mail/mailer.ts';
import type { Grader } from './modules/gradings/analyze.ts';
import type { GradingQueue } from './modules/gradings/queued-analysis.ts';
import type { PriceProvider } from './modules/prices/provider.ts';
import type { ImageStore } from './storage/images.ts';

/** What every module's routes receive: the database, the checked settings and the I/O services. */
export interface AppContext {
  db: Database;
  env: Env;
  mailer: Mailer;
  images: ImageStore;
  /** Null when no price provider is configured: prices then read 'Price unavailable'. */
  prices: PriceProvider | null;
  /** The grading engine (a worker pool in production); null where no grading is needed. */
  grader: Grader | null;
  /** Where analyses go on PostgreSQL (a grading worker runs them); null: the grader runs them here. */
  gradingQueue: GradingQueue | null;
}
