import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../src/db/client.ts';
import { openGradingQueue, type PgGradingQueue, type QueueTiming } from '../../src/queue/grading-queue.ts';
import { processLog } from '../../src/queue/log.ts';
import type { QueuedWait } from '../../src/modules/gradings/queued-analysis.ts';

export const serverDir = fileURLToPath(new URL('../..', import.meta.url));

/** Seconds, not minutes: a dead worker's job is retried within about five seconds. */
export const TEST_TIMING: QueueTiming = { expireSeconds: 5, maintenanceSeconds: 1, pollSeconds: 0.5 };
export const TEST_WAIT: QueuedWait = { startMs: 30_000, waitMs: 60_000, pollMs: 100 };

/** A pg-boss schema of the test file's own, so no other file's worker takes its jobs. */
export const queueTestSchema = () => `q_test_${randomBytes(4).toString('hex')}`;

export function openTestQueue(
  schema: string,
  options: { timing?: QueueTiming; wait?: QueuedWait } = {},
): Promise<PgGradingQueue> {
  const databaseUrl = process.env.TEST_DATABASE_URL;
  if (!databaseUrl) throw new Error('the queue needs TEST_DATABASE_URL');
  return openGradingQueue({
    databaseUrl,
    schema,
    log: processLog({ LOG_LEVEL: 'silent' }, 'test-queue'),
    timing: options.timing ?? TEST_TIMING,
    wait: options.wait ?? TEST_WAIT,
  });
}

const queueSchema = (schema: string) => {
  if (!/^(q_test_[0-9a-f]{8}|pgboss)$/.test(schema)) throw new Error(`not a queue schema of the tests: ${schema}`);
  return sql.raw(schema);
};

export async function dropQueueSchema(db: Database, schema: string): Promise<void> {
  await db.execute(sql`DROP SCHEMA IF EXISTS ${queueSchema(schema)} CASCADE`);
}

// node-postgres answers { rows }; the tests read pg-boss's tables only on PostgreSQL.
const rows = async (db: Database, query: SQL) => ((await db.execute(query)) as unknown as { rows: unknown[] }).rows;

/** The pg-boss jobs of one grading, as the queue's own table holds them, oldest first. */
export async function jobsOf(db: Database, schema: string, gradingId: number) {
  const result = await rows(
    db,
    sql`SELECT name, state, retry_count FROM ${queueSchema(schema)}.job WHERE data->>'gradingId' = ${String(gradingId)} ORDER BY created_on`,
  );
  return result as { name: string; state: string; retry_count: number }[];
}

/** What the first job of a grading carries. */
export async function jobDataOf(db: Database, schema: string, gradingId: number): Promise<unknown> {
  const result = await rows(
    db,
    sql`SELECT data FROM ${queueSchema(schema)}.job WHERE data->>'gradingId' = ${String(gradingId)} ORDER BY created_on LIMIT 1`,
  );
  return (result[0] as { data: unknown } | undefined)?.data;
}

/** A process started by a test, with what it printed, and a way to wait for a line. */
export class Child {
  readonly process: ChildProcess;
  output = '';
  readonly exited: Promise<number | null>;

  constructor(script: string, env: Record<string, string>) {
    // node itself (tsx as a loader), so a signal reaches the worker and not a wrapper around it.
    this.process = spawn(process.execPath, ['--import', 'tsx', script], {
      cwd: serverDir,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'info', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.process.stdout?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    this.process.stderr?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    this.exited = new Promise((resolve) => this.process.on('exit', (code) => resolve(code)));
  }

  /** Waits until the output has `count` lines matching `pattern`. */
  async waitFor(pattern: RegExp, count = 1, timeoutMs = 60_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    const found = () => this.output.split('\n').filter((line) => pattern.test(line)).length >= count;
    while (!found()) {
      if (this.process.exitCode !== null)
        throw new Error(`the process ended (${this.process.exitCode}):\n${this.output}`);
      if (Date.now() > deadline) throw new Error(`no ${pattern} within ${timeoutMs} ms:\n${this.output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  kill(signal: NodeJS.Signals): void {
    if (this.process.exitCode === null && this.process.signalCode === null) this.process.kill(signal);
  }
}

/** A grading worker with the staged stand-in engine (test/support/queue-worker.ts). */
export function startTestWorker(
  dataDir: string,
  options: { schema?: string; stepMs: number; graceMs?: number },
): Child {
  return new Child(path.join('test', 'support', 'queue-worker.ts'), {
    DATABASE_URL: process.env.TEST_DATABASE_URL ?? '',
    DATA_DIR: dataDir,
    TEST_QUEUE_STEP_MS: String(options.stepMs),
    ...(options.schema ? { TEST_QUEUE_SCHEMA: options.schema } : {}),
    ...(options.graceMs ? { TEST_QUEUE_GRACE_MS: String(options.graceMs) } : {}),
  });
}
