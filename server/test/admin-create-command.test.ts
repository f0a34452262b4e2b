import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { users } from '../src/db/schema.ts';
import { createUser } from './support/factories.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

interface Outcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `npm run admin:create` as an operator runs it, on the embedded database in dataDir, with no terminal. */
function adminCreate(dataDir: string, args: string[], env: Record<string, string> = {}): Promise<Outcome> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['DATABASE_URL', 'TEST_DATABASE_URL', 'ADMIN_PASSWORD', 'INIT_CWD']) delete childEnv[name];
  Object.assign(childEnv, { DATA_DIR: dataDir }, env);
  const child = spawn('npx', ['tsx', 'server/scripts/admin-create.ts', ...args], {
    cwd: root,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** What the command itself said, without npm's own warnings. */
const said = (text: string) =>
  text
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('npm '))
    .join('\n');

const dataDirs: string[] = [];
const newDataDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'gradelens-admin-'));
  dataDirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

describe('npm run admin:create', { timeout: 120_000 }, () => {
  it('answers "stop the server first" in one sentence while another process holds the data folder', async () => {
    const dataDir = newDataDir();
    const server = spawn('sleep', ['120'], { stdio: 'ignore' });
    try {
      writeFileSync(path.join(dataDir, 'server.pid'), String(server.pid));
      const outcome = await adminCreate(dataDir, ['--promote', 'anyone']);
      expect(outcome.code).not.toBe(0);
      expect(outcome.stderr).not.toMatch(/^ {4}at /m);
      expect(said(outcome.stdout)).toBe('');
      expect(said(outcome.stderr)).toBe(
        `The data folder ${dataDir} is in use by process ${server.pid}, most likely the server: stop the server first, then run this command again.`,
      );
      expect(readFileSync(path.join(dataDir, 'server.pid'), 'utf8')).toBe(String(server.pid));
    } finally {
      server.kill();
    }
  });

  it('refuses --password and a missing password with a sentence on how to give it', async () => {
    const dataDir = newDataDir();
    const [withFlag, withoutPassword] = await Promise.all([
      adminCreate(dataDir, ['--username', 'flag_admin', '--email', 'flag@example.test', '--password', 'admin-secret']),
      adminCreate(newDataDir(), ['--username', 'quiet_admin', '--email', 'quiet@example.test']),
    ]);
    expect(withFlag.code).toBe(64);
    expect(said(withFlag.stderr)).toMatch(
      /^--password is not accepted.*set ADMIN_PASSWORD, or run without it to be asked for it\.$/,
    );
    expect(withoutPassword.code).toBe(1);
    expect(said(withoutPassword.stderr)).toBe(
      'No password given: set ADMIN_PASSWORD, or run the command in a terminal to be asked for it.',
    );
  });

  describe('on one data folder', () => {
    let dataDir: string;
    beforeAll(() => {
      dataDir = newDataDir();
    });

    it('creates the admin from ADMIN_PASSWORD and names it', async () => {
      const outcome = await adminCreate(dataDir, ['--username', 'first_admin', '--email', 'first@example.test'], {
        ADMIN_PASSWORD: 'admin-secret',
      });
      expect(said(outcome.stderr)).toBe('');
      expect(outcome.code).toBe(0);
      expect(said(outcome.stdout)).toMatch(/^Created admin first_admin \(account \d+, first@example\.test\)\.$/);
    });

    it('promotes the account --promote names and says who it is', async () => {
      const database = await openDatabase({ dataDir });
      const user = await createUser(database.db, { username: 'plain_user', email: 'plain@example.test' });
      await database.close();

      const outcome = await adminCreate(dataDir, ['--promote', 'plain_user']);
      expect(said(outcome.stderr)).toBe('');
      expect(outcome.code).toBe(0);
      expect(said(outcome.stdout)).toBe(`Promoted plain_user (account ${user.id}, plain@example.test) to admin.`);

      const after = await openDatabase({ dataDir });
      const [row] = await after.db.select({ isAdmin: users.isAdmin }).from(users).where(eq(users.id, user.id));
      await after.close();
      expect(row?.isAdmin).toBe(1);
    });
  });
});
