// npm run bench:analyze: median time of POST /api/card-gradings/:id/analyze for two 12-megapixel
// photos, through the real worker pool, on the embedded database (or DATABASE_URL's server).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { GradingPool } from '@gradelens/grader/pool/pool';
import { generateCase } from '@gradelens/grader/synth/index';
import { eq } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/client.ts';
import { users } from '../src/db/schema.ts';
import { loadEnv } from '../src/env.ts';
import { registerUser } from '../src/modules/accounts/service.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 12);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gradelens-bench-analyze-'));
const env = loadEnv({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
const database = await openDatabase(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { pglite: new PGlite() });
const pool = new GradingPool({ size: 1 });
const app = await buildApp({ db: database.db, env, serveClient: false, grader: pool });

const boundary = 'benchboundary';
const multipart = (front: Buffer, back: Buffer) =>
  Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="frontImage"; filename="f.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    front,
    Buffer.from(
      `\r\n--${boundary}\r\nContent-Disposition: form-data; name="backImage"; filename="b.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    back,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);

try {
  const username = `bench_${Date.now()}`;
  const user = await registerUser(database.db, {
    username,
    email: `${username}@example.test`,
    password: 'bench-secret',
    confirmPassword: 'bench-secret',
  });
  await database.db.update(users).set({ points: 10_000 }).where(eq(users.id, user.id));
  const login = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { emailOrUsername: username, password: 'bench-secret' },
  });
  const cookie = login.headers['set-cookie']?.toString().split(';')[0] ?? '';
  const times: number[] = [];
  let rejected = 0;
  for (let i = 0; i < RUNS; i += 1) {
    const photos = await generateCase({ seed: 7000 + i, frame: '12mp', variant: i % 2 ? 'worn' : 'clean' });
    const upload = await app.inject({
      method: 'POST',
      url: '/api/card-gradings/upload',
      headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: multipart(photos.front, photos.back),
    });
    const { id } = upload.json();
    const start = performance.now();
    const answer = await app.inject({
      method: 'POST',
      url: `/api/card-gradings/${id}/analyze`,
      headers: { cookie },
      payload: {},
    });
    times.push(performance.now() - start);
    if (answer.statusCode !== 200) rejected += 1;
  }
  times.sort((a, b) => a - b);
  console.log(
    `analyze, two 12 MP photos, one worker, ${database.kind}: median ${times[Math.floor(times.length / 2)]!.toFixed(0)} ms, min ${times[0]!.toFixed(0)} ms, max ${times[times.length - 1]!.toFixed(0)} ms over ${RUNS} cards (${rejected} rejected)`,
  );
} finally {
  await app.close();
  await pool.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
