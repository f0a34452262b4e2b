// npm run bench:web: what a first visit downloads and how fast it is usable. Starts the built
// app (as the browser tests do), then
//  - per route, the JavaScript and CSS bytes a browser receives (brotli, as sent), for a guest,
//    and for a signed-in user on the pages that need one;
//  - Lighthouse 12's mobile profile (simulated slow 4G and a 4x slower CPU) on the home page,
//    where the upload step is: performance score, first and largest contentful paint, total
//    blocking time and time to interactive.
// Prints numbers; asserts nothing.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { chromium, type Page, type Response } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { BASE_URL } from '../constants.ts';
import { newUserData } from '../fixtures.ts';

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

  const chrome = await chromeLauncher.launch({
    chromePath: '/usr/bin/chromium',
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const result = await lighthouse(`${BASE_URL}/`, {
      port: chrome.port,
      onlyCategories: ['performance'],
      logLevel: 'error',
    });
    const lhr = result!.lhr;
    const ms = (id: string) => `${Math.round(lhr.audits[id]?.numericValue ?? NaN)} ms`;
    console.log(`\nLighthouse ${lhr.lighthouseVersion}, mobile profile, home page (the upload step):`);
    console.log(`  performance score     ${Math.round((lhr.categories.performance?.score ?? 0) * 100)}`);
    console.log(`  first contentful paint ${ms('first-contentful-paint')}`);
    console.log(`  largest contentful paint ${ms('largest-contentful-paint')}`);
    console.log(`  total blocking time   ${ms('total-blocking-time')}`);
    console.log(`  time to interactive   ${ms('interactive')}`);
  } finally {
    await chrome.kill();
  }
} finally {
  stop();
}
