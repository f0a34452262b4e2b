// npm run bench:api: GradeLens's API reads side by side with the original stack's (Express 5 +
// express-session + passport, bench/express-baseline), on the machine's PostgreSQL 15, the same
// seeded data (50 users with 100 gradings each), the same load script (express-baseline/load.mjs:
// signs in as bench0, then autocannon), rounds alternating between the two servers.
//   npm run bench:api [-- --rounds 3 --duration 10 --connections 50]
// Prints every run as it ends, then a table of medians: requests/s per call per stack, their
// ratio, p50/p99 latency, answer size, and each server's peak RSS (VmHWM, threads included).
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values: a } = parseArgs({
  options: {
    rounds: { type: 'string', default: process.env.BENCH_API_ROUNDS ?? '3' },
    duration: { type: 'string', default: process.env.BENCH_API_DURATION ?? '10' },
    connections: { type: 'string', default: '50' },
    warmup: { type: 'string', default: '5' },
  },
});
const ROUNDS = Number(a.rounds);
const DURATION = Number(a.duration);
const CONNECTIONS = Number(a.connections);
const WARMUP = Number(a.warmup);

const root = path.resolve(import.meta.dirname, '..');
const baseline = path.join(root, 'bench', 'express-baseline');
const loadScript = path.join(baseline, 'load.mjs');
const EXPRESS_PORT = 3101;
const GRADELENS_PORT = 3102;
const databases = { express: 'express_bench', gradelens: 'gl_bench' };
const urlOf = (name) => `postgres://${name}:${name}@127.0.0.1:5432/${name}`;
const scratch = mkdtempSync(path.join(os.tmpdir(), 'bench-api-'));
const servers = [];

const log = (...parts) => console.error('[bench:api]', ...parts);
const run = (cmd, args, options = {}) =>
  execFileSync(cmd, args, { stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8', ...options });

/** PostgreSQL 15 up (as scripts/postgres-test-db.sh starts it), and a fresh role and database per stack. */
function freshDatabases() {
  const psql = (statement) =>
    run('su', ['postgres', '-c', `psql -v ON_ERROR_STOP=1 -qtAc "${statement}"`], { cwd: '/' });
  try {
    run('bash', ['-c', 'pg_lsclusters -h | grep -q "^15 *main .*online" || pg_ctlcluster 15 main start'], {
      cwd: '/',
    });
    for (let i = 0; i < 30; i += 1) {
      try {
        run('su', ['postgres', '-c', 'pg_isready -q'], { cwd: '/' });
        break;
      } catch {
        execFileSync('sleep', ['1']);
      }
    }
    for (const name of Object.values(databases)) {
      if (psql(`SELECT 1 FROM pg_roles WHERE rolname='${name}'`).trim() !== '1') {
        psql(`CREATE ROLE ${name} LOGIN PASSWORD '${name}'`);
      }
      psql(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      psql(`CREATE DATABASE ${name} OWNER ${name}`);
    }
  } catch (error) {
    throw new Error(
      `Could not prepare PostgreSQL 15 (this needs root and the machine's cluster 15/main): ${error.message}`,
    );
  }
}

function start(name, command, args, env) {
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));
  const server = { name, child, stderr: () => stderr };
  servers.push(server);
  return server;
}

async function waitForApi(server, port) {
  for (let i = 0; i < 120; i += 1) {
    if (server.child.exitCode !== null) throw new Error(`${server.name} exited:\n${server.stderr()}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/user`);
      await response.arrayBuffer();
      if (response.status === 401) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${server.name} did not answer on :${port}:\n${server.stderr()}`);
}

const peakRssKb = (pid) => Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN);

/** One load run: the baseline's load.mjs, its JSON line, and the probe's answer size from its stderr. */
function load(port, urlPath, duration) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        loadScript,
        '--base',
        `http://127.0.0.1:${port}`,
        '--path',
        urlPath,
        '--duration',
        String(duration),
        '--connections',
        String(CONNECTIONS),
      ],
      { cwd: baseline, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (err += chunk));
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`load.mjs ${urlPath} on :${port} failed (${code}): ${err}`));
      const bytes = Number(/HTTP \d+, (\d+) bytes/.exec(err)?.[1] ?? NaN);
      resolve({ ...JSON.parse(out.trim().split('\n').pop()), bytes });
    });
  });
}

const newestGradingOf = (database) =>
  Number(
    run('psql', [
      urlOf(database),
      '-tAc',
      "SELECT g.id FROM card_gradings g JOIN users u ON u.id = g.user_id WHERE u.username = 'bench0' ORDER BY g.created_at DESC LIMIT 1",
    ]).trim(),
  );

const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];

async function main() {
  log(`results and logs in ${scratch}`);
  freshDatabases();
  if (!existsSync(path.join(baseline, 'node_modules'))) {
    log('installing the baseline (npm ci --prefix bench/express-baseline)');
    run('npm', ['ci', '--prefix', baseline, '--no-audit', '--no-fund'], { stdio: ['ignore', 'ignore', 'inherit'] });
  }
  log('building the server (npm run build -w server)');
  run('npm', ['run', '-s', 'build', '-w', 'server'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });

  log('seeding both databases: 50 users x 100 gradings');
  run(process.execPath, ['seed.mjs', '--users', '50', '--gradings', '100'], {
    cwd: baseline,
    env: { ...process.env, DATABASE_URL: urlOf(databases.express) },
  });
  run(
    path.join(root, 'node_modules', '.bin', 'tsx'),
    ['server/bench/api-seed.ts', '--users', '50', '--gradings', '100'],
    {
      cwd: root,
      env: { ...process.env, DATABASE_URL: urlOf(databases.gradelens) },
    },
  );

  const express = start('express', process.execPath, [path.join(baseline, 'server.mjs')], {
    PORT: String(EXPRESS_PORT),
    DATABASE_URL: urlOf(databases.express),
  });
  // As production runs it: the built bundle, NODE_ENV=production, default settings (request log at 'info').
  const gradelens = start('gradelens', process.execPath, ['server/dist/main.js'], {
    NODE_ENV: 'production',
    PORT: String(GRADELENS_PORT),
    HOST: '127.0.0.1',
    DATABASE_URL: urlOf(databases.gradelens),
    DATA_DIR: path.join(scratch, 'gradelens-data'),
    PUBLIC_URL: `http://127.0.0.1:${GRADELENS_PORT}`,
  });
  await Promise.all([waitForApi(express, EXPRESS_PORT), waitForApi(gradelens, GRADELENS_PORT)]);
  const stacks = {
    express: {
      port: EXPRESS_PORT,
      pid: express.child.pid,
      one: `/api/card-gradings/${newestGradingOf(databases.express)}`,
    },
    gradelens: {
      port: GRADELENS_PORT,
      pid: gradelens.child.pid,
      one: `/api/card-gradings/${newestGradingOf(databases.gradelens)}`,
    },
  };
  const rssAtStart = { express: peakRssKb(stacks.express.pid), gradelens: peakRssKb(stacks.gradelens.pid) };
  const calls = [
    { call: 'GET /api/user', path: () => '/api/user' },
    { call: 'GET /api/my/card-gradings', path: () => '/api/my/card-gradings' },
    { call: 'GET /api/card-gradings/:id', path: (stack) => stacks[stack].one },
  ];
  // GradeLens's list answers a page of 24 by default; this row, run after the rounds, asks it for
  // all 100 cards in one answer, against the same Express runs of its whole list, to show what the
  // paging alone buys.
  const fullList = {
    call: 'GET /api/my/card-gradings?limit=100',
    path: () => '/api/my/card-gradings?limit=100',
    expressAs: 'GET /api/my/card-gradings',
  };

  log(`warm-up: ${WARMUP} s per call per stack`);
  for (const { path: pathOf } of calls) {
    for (const stack of ['express', 'gradelens']) await load(stacks[stack].port, pathOf(stack), WARMUP);
  }

  const runs = [];
  const report = (round, call, stack, r, peakKb) =>
    console.error(
      `round ${round} ${stack.padEnd(9)} ${call.padEnd(36)} ${r.requestsPerSec.toFixed(0).padStart(6)} req/s  p50 ${r.latencyP50} ms  p99 ${r.latencyP99} ms  ${r.bytes} B  peak RSS ${(peakKb / 1024).toFixed(0)} MiB${r.errors || r.non2xx ? `  errors ${r.errors} non-2xx ${r.non2xx}` : ''}`,
    );
  for (let round = 1; round <= ROUNDS; round += 1) {
    // Who goes first alternates, so neither always runs on the warmer (or noisier) machine.
    const order = round % 2 === 1 ? ['express', 'gradelens'] : ['gradelens', 'express'];
    for (const { call, path: pathOf } of calls) {
      for (const stack of order) {
        const r = await load(stacks[stack].port, pathOf(stack), DURATION);
        const peakKb = peakRssKb(stacks[stack].pid);
        runs.push({ round, call, stack, ...r });
        report(round, call, stack, r, peakKb);
      }
    }
  }
  const peak = { express: peakRssKb(stacks.express.pid), gradelens: peakRssKb(stacks.gradelens.pid) };
  // After the rounds, so the peaks above are the three calls' own.
  for (let round = 1; round <= ROUNDS; round += 1) {
    const r = await load(stacks.gradelens.port, fullList.path(), DURATION);
    runs.push({ round, call: fullList.call, stack: 'gradelens', ...r });
    report(round, fullList.call, 'gradelens', r, peakRssKb(stacks.gradelens.pid));
  }
  const peakAfterFullList = peakRssKb(stacks.gradelens.pid);

  const of = (call, stack) => runs.filter((r) => r.call === call && r.stack === stack);
  const cell = (rs, key) => median(rs.map((r) => r[key]));
  const lines = [
    `API reads, GradeLens against the Express baseline: ${ROUNDS} rounds x ${calls.length} calls (+ GradeLens's list of 100), ${DURATION} s, ${CONNECTIONS} connections, medians (${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)} at the end)`,
    '',
    '| call | Express req/s | GradeLens req/s | ratio | Express p50 / p99 ms | GradeLens p50 / p99 ms | answer bytes E / GL |',
    '|---|---:|---:|---:|---:|---:|---:|',
  ];
  for (const { call, expressAs } of [...calls, fullList]) {
    const e = of(expressAs ?? call, 'express');
    const g = of(call, 'gradelens');
    const ratio = cell(g, 'requestsPerSec') / cell(e, 'requestsPerSec');
    lines.push(
      `| ${call} | ${cell(e, 'requestsPerSec').toFixed(0)} | ${cell(g, 'requestsPerSec').toFixed(0)} | ${ratio.toFixed(2)}x | ${cell(e, 'latencyP50')} / ${cell(e, 'latencyP99')} | ${cell(g, 'latencyP50')} / ${cell(g, 'latencyP99')} | ${e[0].bytes} / ${g[0].bytes} |`,
    );
  }
  const mb = (kb) => (kb / 1024).toFixed(0);
  lines.push(
    `| peak RSS (VmHWM) over the three calls, MiB | ${mb(peak.express)} | ${mb(peak.gradelens)} | ${(peak.gradelens / peak.express).toFixed(2)}x | at start ${mb(rssAtStart.express)} | at start ${mb(rssAtStart.gradelens)} | |`,
    `| GradeLens's peak RSS after its lists of 100 too, MiB | | ${mb(peakAfterFullList)} | | | | |`,
  );
  const failed = runs.filter((r) => r.errors || r.non2xx || r.timeouts);
  if (failed.length) lines.push('', `runs with errors, non-2xx answers or timeouts: ${failed.length}`);
  console.log(lines.join('\n'));
}

function stopServers() {
  for (const { child } of servers) if (child.exitCode === null) child.kill('SIGTERM');
}
process.on('SIGINT', () => {
  stopServers();
  process.exit(130);
});

try {
  await main();
} finally {
  stopServers();
  rmSync(path.join(scratch, 'gradelens-data'), { recursive: true, force: true });
}
