// npm run bench:portfolio: a user with 1,000 gradings; median time of GET /api/my/card-gradings
// and of the portfolio PDF, on the embedded database (or DATABASE_URL's PostgreSQL).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import sharp from 'sharp';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/client.ts';
import { cardGradings } from '../src/db/schema.ts';
import { loadEnv } from '../src/env.ts';
import { registerUser } from '../src/modules/accounts/service.ts';
import { localImageStore } from '../src/storage/images.ts';

const CARDS = Number(process.env.BENCH_CARDS ?? 1000);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const THUMBNAILS = 40;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gradelens-bench-'));
const env = loadEnv({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', AUTH_RATE_LIMIT_PER_IP: '100000' });
const database = await openDatabase(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { pglite: new PGlite() });
const app = await buildApp({ db: database.db, env, serveClient: false });

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const time = async (fn: () => Promise<unknown>) => {
  const start = performance.now();
  await fn();
  return performance.now() - start;
};

try {
  const username = `bench_${Date.now()}`;
  const user = await registerUser(database.db, {
    username,
    email: `${username}@example.test`,
    password: 'bench-secret',
    confirmPassword: 'bench-secret',
  });
  const images = localImageStore(path.join(dataDir, 'uploads'));
  const thumbs = await Promise.all(
    Array.from({ length: THUMBNAILS }, async (_, n) => images.save(await photoLikeThumbnail(n), 'jpg')),
  );
  const games = ['Pokemon', 'Magic: The Gathering', 'Yu-Gi-Oh!', 'Baseball', 'Basketball'];
  const rows = Array.from({ length: CARDS }, (_, i) => ({
    userId: user.id,
    cardName: `Card ${i}`,
    cardSet: `Set ${i % 37}`,
    cardNumber: String(i),
    gameBrand: games[i % games.length],
    year: String(1995 + (i % 30)),
    frontImagePath: thumbs[i % THUMBNAILS]!.publicPath,
    backImagePath: thumbs[i % THUMBNAILS]!.publicPath,
    frontThumbPath: thumbs[i % THUMBNAILS]!.publicPath,
    overallGrade: 1 + (i % 10),
    cornerGrade: 1 + ((i + 1) % 10),
    edgeGrade: 1 + ((i + 2) % 10),
    surfaceGrade: 1 + ((i + 3) % 10),
    centeringGrade: 1 + ((i + 4) % 10),
    gradingMethod: 'bench',
    gradedAt: new Date(),
  }));
  for (let i = 0; i < rows.length; i += 500) await database.db.insert(cardGradings).values(rows.slice(i, i + 500));

  const login = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { emailOrUsername: username, password: 'bench-secret' },
  });
  const cookie = login.headers['set-cookie']?.toString().split(';')[0] ?? '';
  const listTimes: number[] = [];
  let listBytes = 0;
  let listed: { id: number }[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    listTimes.push(
      await time(async () => {
        const r = await app.inject({ method: 'GET', url: '/api/my/card-gradings', headers: { cookie } });
        listed = r.json();
        if (r.statusCode !== 200 || listed.length !== CARDS) throw new Error(`list failed: ${r.statusCode}`);
        listBytes = r.rawPayload.length;
      }),
    );
  }
  const pdfTimes: number[] = [];
  let pdfBytes = 0;
  for (let i = 0; i < Math.max(3, Math.floor(RUNS / 4)); i += 1) {
    pdfTimes.push(
      await time(async () => {
        // As the page sends it: the ids of the cards it shows, in its order.
        const payload = { cards: listed.map(({ id }) => ({ id })), userName: username };
        const r = await app.inject({ method: 'POST', url: '/api/portfolio/download', headers: { cookie }, payload });
        if (r.statusCode !== 200) throw new Error(`pdf failed: ${r.statusCode}`);
        pdfBytes = r.rawPayload.length;
      }),
    );
  }
  console.log(`database: ${database.kind}, gradings: ${CARDS}, distinct thumbnails: ${THUMBNAILS}`);
  console.log(
    `GET /api/my/card-gradings: median ${median(listTimes).toFixed(1)} ms over ${RUNS} runs (${(listBytes / 1024).toFixed(0)} KiB)`,
  );
  console.log(
    `POST /api/portfolio/download: median ${median(pdfTimes).toFixed(0)} ms over ${pdfTimes.length} runs (${(pdfBytes / 1024).toFixed(0)} KiB PDF)`,
  );
} finally {
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}

/**
 * A stored thumbnail as an upload would leave it: 300 x 420, JPEG quality 92, a colour and
 * pattern of its own and some sensor noise, so it weighs what a photo's thumbnail does (about 30 KB).
 */
async function photoLikeThumbnail(n: number): Promise<Buffer> {
  const [width, height] = [300, 420];
  const noise = await sharp({
    create: { width, height, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 6 } },
  })
    .raw()
    .toBuffer();
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * 3;
      const grain = (c: number) => noise[i + c]! - 128;
      pixels[i] = clamp(((x * 255) / width) * 0.6 + ((n * 37) % 100) + grain(0));
      pixels[i + 1] = clamp(((y * 255) / height) * 0.6 + ((n * 53) % 80) + grain(1));
      pixels[i + 2] = clamp(120 + 60 * Math.sin((x + y + n * 13) / (20 + (n % 7) * 5)) + grain(2));
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

function clamp(value: number): number {
  return Math.max(0, Math.min(255, Math.round(value)));
}
