import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOptions } from '../../src/app.ts';
import type { Database, DatabaseHandle } from '../../src/db/client.ts';
import { loadEnv, type Env } from '../../src/env.ts';
import { openTestDatabase } from './database.ts';

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  env: Env;
  database: DatabaseHandle;
  close(): Promise<void>;
}

/** The real app on a real database, with settings a test may override. */
export async function createTestApp(
  overrides: Record<string, string> = {},
  database?: DatabaseHandle,
  services: Pick<BuildOptions, 'grader' | 'gradingQueue' | 'prices' | 'mailer' | 'images' | 'logStream'> = {},
): Promise<TestApp> {
  const dataDir = overrides.DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'gradelens-app-'));
  const env = loadEnv({
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT_PER_IP: '1000',
    AUTH_RATE_LIMIT_PER_ACCOUNT: '1000',
    AUTH_FREE_FAILURES: '1000',
    UPLOADS_PER_USER: '1000',
    ANALYSES_PER_USER: '1000',
    PAYMENTS_PER_USER: '1000',
    DRAFTS_PER_USER: '1000',
    // A site that sells points: the operator's receiving accounts (tests of a site without them override these with '').
    PAYMENT_ACCOUNT_VENMO: '@test-shop',
    PAYMENT_ACCOUNT_CASHAPP: '$TestShop',
    PAYMENT_ACCOUNT_PAYPAL: 'pay@shop.example.test',
    ...overrides,
    DATA_DIR: dataDir,
  });
  const handle = database ?? (await openTestDatabase());
  const app = await buildApp({ db: handle.db, env, serveClient: false, ...services });
  await app.ready();
  return {
    app,
    db: handle.db,
    env,
    database: handle,
    async close() {
      await app.close();
      if (!database) await handle.close();
      if (!overrides.DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
