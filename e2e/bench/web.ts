// npm run bench:web: what a first visit downloads and how fast it is usable. Starts the built
// app (as the browser tests do), then
//  - per route, the JavaScript and CSS bytes a browser receives (brotli, as sent), for a guest,
//    and for a signed-in user on the pages that need one;
//  - Lighthouse 12's mobile profile (slow 4G and a 4x slower CPU) on the home page, where the
//    upload step is, simulated (Lighthouse's default) and applied to the real load: performance
//    score, first and largest contentful paint, total blocking time, time to interactive, and
//    when the app had taken the page over (a user-timing mark), per run and the median.
// Prints numbers; asserts nothing.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { chromium, type Page, type Response } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { BASE_URL } from '../constants.ts';
import { newUserData } from '../fixtures.ts';
import { APP_READY_MARK } from '@gradelens/shared';

const root = fileURLToPath(new URL('../..', import.meta.url));
const server = spawn('node', ['e2e/start-server.mjs'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
const stop = () => server.kill('SIGTERM');
process.on('exit', stop);

async function ready() {
  for (let i = 0; i < 240; i += 1) {
    try {
      if ((await fetch(`${BASE_URL}/api/site-settings`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the app did not start');
}

/** Bytes of JavaScript and CSS received until a route has loaded and the network is quiet, as sent over the wire. */
async function routeBytes(page: Page, route: string) {
  const sizes: Promise<{ kind: string; bytes: number; encoding: string }>[] = [];
  const listener = (response: Response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    sizes.push(
      response
        .request()
        .sizes()
        .then((s) => ({
          kind: type === 'script' ? 'js' : 'css',
          bytes: s.responseBodySize,
          encoding: response.headers()['content-encoding'] ?? 'none',
        })),
    );
  };
  page.on('response', listener);
  await page.goto(`${BASE_URL}${route}`, { waitUntil: 'networkidle' });
  page.off('response', listener);
  const all = await Promise.all(sizes);
  const sum = (kind: string) => all.filter((s) => s.kind === kind).reduce((t, s) => t + s.bytes, 0);
  return { js: sum('js'), css: sum('css'), encodings: [...new Set(all.map((s) => s.encoding))].join(', ') };
}

try {
  await ready();
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  console.log('route                 JS (kB)   CSS (kB)   as sent, first visit with an empty cache');
  const report = async (route: string, page: Page) => {
    const { js, css, encodings } = await routeBytes(page, route);
    console.log(
      `${route.padEnd(22)}${(js / 1024).toFixed(1).padStart(7)}${(css / 1024).toFixed(1).padStart(11)}   ${encodings}`,
    );
  };
  for (const route of ['/', '/gallery', '/marketplace', '/auth']) {
    const context = await browser.newContext();
    await report(route, await context.newPage());
    await context.close();
  }
  const user = newUserData();
  for (const route of ['/profile', '/portfolio', '/payment']) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.request.post(`${BASE_URL}/api/register`, {
      data: {
        ...user,
        username: `${user.username}_${route.slice(1)}`,
        email: `${route.slice(1)}_${user.email}`,
        confirmPassword: user.password,
      },
    });
    await report(route, page);
    await context.close();
  }
  await browser.close();

  // Lighthouse's mobile profile both ways: simulated (its default: a fast local load replayed
  // through a model of slow 4G and a 4x slower CPU) and applied (the same profile's throttling
  // imposed on the real load). The simulation of one page swings between runs on this machine,
  // so each way runs RUNS times; every run is printed and the median of each figure.
  const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3);
  const figures = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'interactive'];
  for (const throttlingMethod of ['simulate', 'devtools'] as const) {
    const rows: { score: number; values: number[]; ready: number }[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const chrome = await chromeLauncher.launch({
        chromePath: '/usr/bin/chromium',
        chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu'],
      });
      try {
        const result = await lighthouse(`${BASE_URL}/`, {
          port: chrome.port,
          onlyCategories: ['performance'],
          logLevel: 'error',
          throttlingMethod,
        });
        const lhr = result!.lhr;
        // When the app had taken the page over (client/src/app/root.tsx), as observed in this load.
        const marks = (lhr.audits['user-timings']?.details as { items?: { name: string; startTime: number }[] })?.items;
        rows.push({
          score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          values: figures.map((id) => Math.round(lhr.audits[id]?.numericValue ?? NaN)),
          ready: Math.round(marks?.find((m) => m.name === APP_READY_MARK)?.startTime ?? NaN),
        });
      } finally {
        await chrome.kill();
      }
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    console.log(
      `\nLighthouse 12 mobile profile, ${throttlingMethod === 'simulate' ? 'simulated (default)' : 'applied to the real load'} throttling, home page (the upload step), ${RUNS} runs:`,
    );
    console.log('              score   FCP (ms)   LCP (ms)   TBT (ms)   TTI (ms)   app ready, as observed (ms)');
    const line = (label: string, score: number, values: number[], ready: number) =>
      console.log(
        `${label.padEnd(14)}${String(score).padStart(5)}${values.map((v) => String(v).padStart(11)).join('')}${String(ready).padStart(14)}`,
      );
    rows.forEach((row, i) => line(`  run ${i + 1}`, row.score, row.values, row.ready));
    line(
      '  median',
      median(rows.map((r) => r.score)),
      figures.map((_, i) => median(rows.map((r) => r.values[i]!))),
      median(rows.map((r) => r.ready)),
    );
  }
} finally {
  stop();
}
