// Starts the built app for the browser tests on a fresh data folder, with one admin seeded.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { SMTPServer } from 'smtp-server';

const root = fileURLToPath(new URL('..', import.meta.url));

// A real SMTP server on loopback: every mail the app sends lands as a file in e2e/.mail.
const mailDir = path.join(root, 'e2e', '.mail');
rmSync(mailDir, { recursive: true, force: true });
mkdirSync(mailDir, { recursive: true });
// Files are numbered in arrival order: two mails to one address in the same millisecond (an order's
// "shipped" and "delivered" under load) once shared a name, and the later one overwrote the first.
let mailCount = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    const chunks = [];
    stream.on('data', (c) => chunks.push(c));
    stream.on('end', () => {
      const to = session.envelope.rcptTo.map((r) => r.address).join(',');
      writeFileSync(
        path.join(mailDir, `${Date.now()}-${String(++mailCount).padStart(5, '0')}-${to}.eml`),
        Buffer.concat(chunks),
      );
      callback();
    });
  },
});
await new Promise((resolve) => smtp.listen(0, '127.0.0.1', resolve));
process.env.SMTP_URL = `smtp://127.0.0.1:${smtp.server.address().port}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gradelens-e2e-'));
Object.assign(process.env, {
  DATA_DIR: dataDir,
  PORT: process.env.E2E_PORT ?? '5055',
  HOST: '127.0.0.1',
  AUTH_RATE_LIMIT_PER_IP: '10000',
  AUTH_RATE_LIMIT_PER_ACCOUNT: '10000',
  AUTH_FREE_FAILURES: '10000',
  // The paging tests keep more ungraded uploads than a collector would (the cap has API tests).
  DRAFTS_PER_USER: '100',
  // The operator's payment accounts and stores, as a site that sells points is configured.
  PAYMENT_ACCOUNT_VENMO: '@e2e-shop',
  PAYMENT_ACCOUNT_CASHAPP: '$E2EShop',
  PAYMENT_ACCOUNT_PAYPAL: 'pay@e2e-shop.example.test',
  MARKETPLACE_LIVE_URL: 'https://live.e2e-shop.example.test/',
  MARKETPLACE_RESALE_URL: 'https://resale.e2e-shop.example.test/',
  // The default packages and one more, so a test sees the screens follow the configuration.
  POINTS_PACKAGES: JSON.stringify([
    { id: 'basic', name: 'Basic', points: 100, price: 5 },
    { id: 'standard', name: 'Standard', points: 250, price: 10 },
    { id: 'premium', name: 'Premium', points: 500, price: 20 },
    { id: 'ultimate', name: 'Ultimate', points: 1000, price: 40 },
    { id: 'collector', name: 'Collector', points: 2000, price: 75 },
  ]),
  IN_PERSON_SHIP_TO: 'GradeLens Grading\\n12 Slab Street\\nPortland, OR 97201',
  LOG_LEVEL: 'warn',
  NODE_ENV: 'production',
});
delete process.env.DATABASE_URL;

// The admin of e2e/constants.ts ADMIN; the password only reaches the seeding command.
const seed = spawnSync(
  'npx',
  ['tsx', 'server/scripts/admin-create.ts', '--username', 'e2e_admin', '--email', 'e2e_admin@example.test'],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ADMIN_PASSWORD: 'admin-secret-1' },
  },
);
if (seed.status !== 0) process.exit(seed.status ?? 1);

process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
await import(path.join(root, 'server/dist/main.js'));
