// npm run bench:load [-- --users 100 --gradings 2 --mode embedded|postgres|both]
//
// The whole flow under load: each virtual user registers, then for each grading uploads a
// 12-megapixel pair, names the card, grades it, and lists its history and the card. Prints
// throughput, p50/p95 per call, errors and every process's peak memory. Measures; asserts nothing.
//
// embedded: one built server on PGlite and local disk, its in-process pool (the default set-up).
// postgres: a fresh database on the machine's PostgreSQL 15, two API instances sharing it (the
// virtual users' calls alternate between them, as behind a load balancer) and, where the server
// has a grading worker (`npm run worker`), two of those.
import { spawn, type ChildProcess } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { generateCase } from '@gradelens/grader/synth/index';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const MAIN = path.join(ROOT, 'server/dist/main.js');
const WORKER = path.join(ROOT, 'server/dist/worker-main.js');

const { values } = parseArgs({
  options: {
    users: { type: 'string', default: '100' },
    gradings: { type: 'string', default: '2' },
    mode: { type: 'string', default: 'both' },
    pairs: { type: 'string', default: '4' },
  },
});
const USERS = Number(values.users);
const GRADINGS = Number(values.gradings);
const modes = values.mode === 'both' ? ['embedded', 'postgres'] : [values.mode!];
if (!existsSync(MAIN)) throw new Error('Build first: npm run build (npm run bench:load does it).');

// ---- photos: a few generated 12 MP pairs, made once -------------------------------------------
const photoDir = path.join(tmpdir(), 'gradelens-bench-load-v1');
mkdirSync(photoDir, { recursive: true });
const pairs: { front: Buffer; back: Buffer }[] = [];
for (let seed = 1; seed <= Number(values.pairs); seed += 1) {
  const [f, b] = [path.join(photoDir, `${seed}-front.jpg`), path.join(photoDir, `${seed}-back.jpg`)];
  if (!existsSync(b)) {
    const c = await generateCase({ seed: 500 + seed, frame: '12mp', variant: 'clean' });
    writeFileSync(f, c.front);
    writeFileSync(b, c.back);
  }
  pairs.push({ front: readFileSync(f), back: readFileSync(b) });
}

// ---- processes ---------------------------------------------------------------------------------
interface Proc {
  name: string;
  child: ChildProcess;
  peakKb: number;
}

function start(name: string, script: string, env: NodeJS.ProcessEnv): Proc {
  const child = spawn(process.execPath, [script], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr!.on('data', (d: Buffer) => {
    errors = (errors + d.toString()).slice(-4000);
  });
  child.on('exit', (code) => {
    if (code && code !== 0 && !stopping) console.error(`${name} exited with ${code}:\n${errors}`);
  });
  return { name, child, peakKb: 0 };
}
let stopping = false;

/** VmHWM is the process's own peak resident set; read it just before stopping the process. */
function readPeak(proc: Proc): void {
  try {
    const status = readFileSync(`/proc/${proc.child.pid}/status`, 'utf8');
    const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
    proc.peakKb = Math.max(proc.peakKb, kb);
  } catch {
    // gone already
  }
}

async function waitForServer(base: string): Promise<void> {
  const until = Date.now() + 120_000;
  while (Date.now() < until) {
    try {
      if ((await fetch(`${base}/api/user`)).status === 401) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${base} did not start within 120 s`);
}

async function stop(procs: Proc[]): Promise<void> {
  stopping = true;
  for (const p of procs) readPeak(p);
  await Promise.all(
    procs.map(
      (p) =>
        new Promise<void>((resolve) => {
          if (p.child.exitCode !== null) return resolve();
          p.child.once('exit', () => resolve());
          p.child.kill('SIGTERM');
          setTimeout(() => p.child.kill('SIGKILL'), 10_000).unref();
        }),
    ),
  );
  stopping = false;
}

// ---- one virtual user ----------------------------------------------------------------------------
type Call = 'register' | 'upload' | 'details' | 'analyze' | 'list' | 'get';
const CALLS: Call[] = ['register', 'upload', 'details', 'analyze', 'list', 'get'];

interface Tally {
  times: Record<Call, number[]>;
  errors: Map<string, number>;
  busyRetries: number;
  graded: number;
}

async function virtualUser(n: number, bases: string[], run: string, tally: Tally): Promise<void> {
  let cookie = '';
  let turn = n;
  // Alternates between the instances, as a load balancer without sticky sessions would.
  const base = () => bases[turn++ % bases.length]!;
  const call = async (
    name: Call,
    method: string,
    url: string,
    body?: string | FormData,
    json = true,
  ): Promise<Response> => {
    for (;;) {
      const started = performance.now();
      const headers: Record<string, string> = { cookie, origin: base() };
      if (json && body !== undefined) headers['content-type'] = 'application/json';
      const target = base();
      headers.origin = target;
      const response = await fetch(`${target}${url}`, { method, body, headers });
      const took = performance.now() - started;
      const setCookie = response.headers.getSetCookie();
      if (setCookie.length) cookie = setCookie.map((c) => c.split(';')[0]).join('; ');
      if (response.status === 429 || (response.status === 503 && response.headers.get('retry-after'))) {
        // The engine is busy or a limit was reached: the client waits as told and tries again.
        tally.busyRetries += 1;
        await response.arrayBuffer();
        await new Promise((r) => setTimeout(r, Number(response.headers.get('retry-after') ?? 1) * 1000));
        continue;
      }
      tally.times[name].push(took);
      if (!response.ok) {
        const key = `${name} ${response.status}`;
        tally.errors.set(key, (tally.errors.get(key) ?? 0) + 1);
      }
      return response;
    }
  };
  const username = `load_${run}_${n}`;
  const password = 'load-password-1';
  const registered = await call(
    'register',
    'POST',
    '/api/register',
    JSON.stringify({ username, email: `${username}@example.com`, password, confirmPassword: password }),
  );
  if (!registered.ok) return;
  await registered.arrayBuffer();
  for (let g = 0; g < GRADINGS; g += 1) {
    const pair = pairs[(n + g) % pairs.length]!;
    const form = new FormData();
    form.append('frontImage', new Blob([pair.front], { type: 'image/jpeg' }), 'front.jpg');
    form.append('backImage', new Blob([pair.back], { type: 'image/jpeg' }), 'back.jpg');
    const uploaded = await call('upload', 'POST', '/api/card-gradings/upload', form, false);
    if (!uploaded.ok) return;
    const { id } = (await uploaded.json()) as { id: number };
    const details = JSON.stringify({ cardName: `Load card ${g}`, cardSet: 'Bench', gameBrand: 'Pokemon' });
    await (await call('details', 'PATCH', `/api/card-gradings/${id}/metadata`, details)).arrayBuffer();
    const analyzed = await call('analyze', 'POST', `/api/card-gradings/${id}/analyze`, '{}');
    if (analyzed.ok) tally.graded += 1;
    await analyzed.arrayBuffer();
    await (await call('list', 'GET', '/api/my/card-gradings')).arrayBuffer();
    await (await call('get', 'GET', `/api/card-gradings/${id}`)).arrayBuffer();
  }
}

// ---- a run ----------------------------------------------------------------------------------------
const quantile = (xs: number[], q: number) => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
};

/** Bytes of every file under a folder. */
function folderBytes(folder: string): number {
  if (!existsSync(folder)) return 0;
  return readdirSync(folder, { withFileTypes: true }).reduce((t, entry) => {
    const full = path.join(folder, entry.name);
    return t + (entry.isDirectory() ? folderBytes(full) : statSync(full).size);
  }, 0);
}

async function runLoad(label: string, bases: string[], procs: Proc[], uploads: string): Promise<void> {
  const tally: Tally = {
    times: Object.fromEntries(CALLS.map((c) => [c, []])) as unknown as Tally['times'],
    errors: new Map(),
    busyRetries: 0,
    graded: 0,
  };
  const sampler = setInterval(() => procs.forEach(readPeak), 500);
  const run = Date.now().toString(36);
  const started = performance.now();
  await Promise.all(Array.from({ length: USERS }, (_, n) => virtualUser(n, bases, run, tally)));
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  await stop(procs);
  const requests = CALLS.reduce((t, c) => t + tally.times[c].length, 0);
  console.log(`\n## ${label}: ${USERS} virtual users, ${GRADINGS} gradings each`);
  console.log(
    `wall ${seconds.toFixed(1)} s; ${requests} requests (${(requests / seconds).toFixed(1)}/s); ` +
      `${tally.graded} cards graded (${((tally.graded / seconds) * 60).toFixed(1)} a minute); ` +
      `busy answers waited out: ${tally.busyRetries}`,
  );
  console.log('| call | count | p50 ms | p95 ms | max ms |');
  console.log('|---|---|---|---|---|');
  for (const c of CALLS) {
    const t = tally.times[c];
    console.log(
      `| ${c} | ${t.length} | ${quantile(t, 0.5).toFixed(0)} | ${quantile(t, 0.95).toFixed(0)} | ${Math.max(...t).toFixed(0)} |`,
    );
  }
  console.log(`errors: ${tally.errors.size ? [...tally.errors].map(([k, v]) => `${k} x${v}`).join(', ') : 'none'}`);
  console.log(`peak RSS: ${procs.map((p) => `${p.name} ${(p.peakKb / 1024).toFixed(0)} MB`).join(', ')}`);
  const bytes = folderBytes(uploads);
  console.log(
    `stored files: ${(bytes / 1024 / 1024).toFixed(1)} MB, ${tally.graded ? (bytes / tally.graded / 1024 / 1024).toFixed(2) : '-'} MB a graded card (its two photos and two annotated images)`,
  );
}

// Generous limits: every virtual user comes from this one address.
const LIMITS = { AUTH_RATE_LIMIT_PER_IP: '100000', SESSION_SECRET: 'bench-load-session-secret-0123456789abcdef' };

for (const mode of modes) {
  if (mode === 'embedded') {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'gradelens-load-'));
    const port = 5301;
    const server = start('api', MAIN, { ...LIMITS, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' });
    await waitForServer(`http://127.0.0.1:${port}`);
    await runLoad(
      'embedded (PGlite, local disk, in-process pool)',
      [`http://127.0.0.1:${port}`],
      [server],
      path.join(dataDir, 'uploads'),
    );
    rmSync(dataDir, { recursive: true, force: true });
  } else if (mode === 'postgres') {
    const url = await freshDatabase('gl_load');
    const dataDir = mkdtempSync(path.join(tmpdir(), 'gradelens-load-'));
    const workers = existsSync(WORKER);
    // With workers, the API instances only enqueue (and run the free outline check in one thread).
    const env = {
      ...LIMITS,
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      ...(workers ? { GRADING_IN_API: 'false', GRADING_WORKERS: '1' } : {}),
    };
    const ports = [5311, 5312];
    // The first instance migrates the database; the second starts once it is up.
    const procs: Proc[] = [start('api-1', MAIN, { ...env, PORT: String(ports[0]) })];
    await waitForServer(`http://127.0.0.1:${ports[0]}`);
    procs.push(start('api-2', MAIN, { ...env, PORT: String(ports[1]) }));
    await waitForServer(`http://127.0.0.1:${ports[1]}`);
    // One grading thread each: two workers share this machine's two cores.
    if (workers) for (const k of [1, 2]) procs.push(start(`worker-${k}`, WORKER, { ...env, GRADING_WORKERS: '1' }));
    await runLoad(
      `PostgreSQL 15, two API instances${workers ? ' and two grading workers' : ' (each grading in its own pool)'}`,
      ports.map((p) => `http://127.0.0.1:${p}`),
      procs,
      path.join(dataDir, 'uploads'),
    );
    rmSync(dataDir, { recursive: true, force: true });
  } else {
    throw new Error(`unknown --mode ${mode}: embedded, postgres or both`);
  }
}

/** Drops and creates `name` on the machine's PostgreSQL 15 (started if need be) for the app role. */
async function freshDatabase(name: string): Promise<string> {
  const { execFileSync } = await import('node:child_process');
  execFileSync('bash', [path.join(ROOT, 'scripts/postgres-test-db.sh')], { stdio: ['ignore', 'ignore', 'inherit'] });
  const psql = (sql: string) =>
    execFileSync('su', ['postgres', '-c', `psql -v ON_ERROR_STOP=1 -qtAc "${sql}"`], { cwd: '/', stdio: 'pipe' });
  psql(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  psql(`CREATE DATABASE ${name} OWNER app`);
  return `postgres://app:app@127.0.0.1:5432/${name}`;
}
