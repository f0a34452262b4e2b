import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadEnv, startupWarnings } from './env.ts';

const root = mkdtempSync(path.join(os.tmpdir(), 'gradelens-env-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('loadEnv', () => {
  it('reads a relative DATA_DIR from where npm was called, not from the workspace npm runs in', () => {
    expect(loadEnv({ INIT_CWD: root }).DATA_DIR).toBe(path.join(root, 'data'));
    expect(loadEnv({ INIT_CWD: root, DATA_DIR: 'elsewhere/files' }).DATA_DIR).toBe(
      path.join(root, 'elsewhere', 'files'),
    );
    expect(loadEnv({ INIT_CWD: os.tmpdir(), DATA_DIR: path.join(root, 'absolute') }).DATA_DIR).toBe(
      path.join(root, 'absolute'),
    );
  });

  it('starts whatever NODE_ENV says, since the server does not read it', () => {
    expect(() => loadEnv({ INIT_CWD: root, NODE_ENV: 'staging' })).not.toThrow();
  });

  it('stops with a list of every bad setting', () => {
    expect(() => loadEnv({ INIT_CWD: root, PORT: 'eighty', SESSION_SECRET: 'short' })).toThrow(
      /Invalid environment settings:\n {2}- PORT: .*\n {2}- SESSION_SECRET: must be at least 32 characters/,
    );
  });

  it('links to the public address without a trailing slash, or to the server itself', () => {
    expect(loadEnv({ INIT_CWD: root, PUBLIC_URL: 'https://cards.example.test/' }).PUBLIC_URL).toBe(
      'https://cards.example.test',
    );
    expect(loadEnv({ INIT_CWD: root, PORT: '8080' }).PUBLIC_URL).toBe('http://localhost:8080');
  });

  it('trusts a number of proxy hops or a list of proxy addresses, never every proxy', () => {
    expect(loadEnv({ INIT_CWD: root }).TRUST_PROXY).toBe(false);
    expect(loadEnv({ INIT_CWD: root, TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(1);
    expect(loadEnv({ INIT_CWD: root, TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadEnv({ INIT_CWD: root, TRUST_PROXY: '10.0.0.0/8, 192.0.2.7' }).TRUST_PROXY).toBe('10.0.0.0/8,192.0.2.7');
    expect(() => loadEnv({ INIT_CWD: root, TRUST_PROXY: 'everyone' })).toThrow(
      /TRUST_PROXY: must be false, a number of proxy hops/,
    );
    expect(() => loadEnv({ INIT_CWD: root, TRUST_PROXY: '10.0.0.0/40' })).toThrow(/TRUST_PROXY/);
  });

  it('lets the API run grading jobs on PostgreSQL unless told not to, which needs a PostgreSQL server', () => {
    const postgres = { INIT_CWD: root, DATABASE_URL: 'postgres://app:app@db.example.test/gradelens' };
    expect(loadEnv({ INIT_CWD: root }).GRADING_IN_API).toBe(true);
    expect(loadEnv(postgres).GRADING_IN_API).toBe(true);
    expect(loadEnv({ ...postgres, GRADING_IN_API: 'false' }).GRADING_IN_API).toBe(false);
    expect(() => loadEnv({ INIT_CWD: root, GRADING_IN_API: 'false' })).toThrow(
      /GRADING_IN_API: false needs DATABASE_URL: grading workers \(npm run worker\) take their jobs from a queue in PostgreSQL/,
    );
    expect(() => loadEnv({ ...postgres, GRADING_IN_API: 'no' })).toThrow(/GRADING_IN_API/);
  });
});

describe('startupWarnings', () => {
  const accounts = { PAYMENT_ACCOUNT_VENMO: '@card-shop', IN_PERSON_SHIP_TO: 'GradeLens Grading\\n1 Main St' };

  it('warns that no mail is sent without SMTP_URL and says how to fix it', () => {
    const source = { INIT_CWD: root, PUBLIC_URL: 'https://cards.example.test', ...accounts };
    const [warning, ...others] = startupWarnings(loadEnv(source), source);
    expect(others).toEqual([]);
    expect(warning).toMatch(
      /SMTP_URL is unset: no mail is sent, so password-reset links and account notices reach nobody/,
    );
    expect(warning).toMatch(/Set SMTP_URL .*RESET_TOKEN_IN_RESPONSE=true/);
  });

  it('warns about an unset PUBLIC_URL, and about nothing when both are set', () => {
    const bare = { INIT_CWD: root, SMTP_URL: 'smtp://127.0.0.1:2525', ...accounts };
    expect(startupWarnings(loadEnv(bare), bare)).toEqual([
      'PUBLIC_URL is unset: links in mail and on labels point at http://localhost:5000',
    ]);
    const full = { ...bare, PUBLIC_URL: 'https://cards.example.test' };
    expect(startupWarnings(loadEnv(full), full)).toEqual([]);
  });

  it('warns that points cannot be bought when no payment account is set', () => {
    const source = {
      INIT_CWD: root,
      SMTP_URL: 'smtp://127.0.0.1:2525',
      PUBLIC_URL: 'https://cards.example.test',
      PAYMENT_ACCOUNT_PAYPAL: '  ',
      IN_PERSON_SHIP_TO: 'GradeLens Grading',
    };
    expect(startupWarnings(loadEnv(source), source)).toEqual([
      expect.stringMatching(/^No payment account is set .*points cannot be bought/),
    ]);
  });

  it('warns that in-person submitters are not told where to send cards, and reads \\n as a new line', () => {
    const source = { INIT_CWD: root, SMTP_URL: 'smtp://127.0.0.1:2525', PUBLIC_URL: 'https://cards.example.test' };
    const bare = { ...source, PAYMENT_ACCOUNT_VENMO: '@card-shop' };
    expect(startupWarnings(loadEnv(bare), bare)).toEqual([
      expect.stringMatching(/^IN_PERSON_SHIP_TO is unset: in-person submitters are told you will write to them/),
    ]);
    expect(loadEnv({ ...bare, IN_PERSON_SHIP_TO: 'GradeLens Grading\\n1 Main St' }).IN_PERSON_SHIP_TO).toBe(
      'GradeLens Grading\n1 Main St',
    );
  });
});
