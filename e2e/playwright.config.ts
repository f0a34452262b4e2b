import { execFileSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { BASE_URL, PHOTOS_DIR } from './constants.ts';

// Card photos for the grading tests, made by the repo's own generator before any browser starts,
// and made again when make-photos.ts changed since (a different card chosen for a test).
const makePhotos = fileURLToPath(new URL('./make-photos.ts', import.meta.url));
const madeAt = `${PHOTOS_DIR}/camera.y4m`;
if (!existsSync(madeAt) || statSync(makePhotos).mtimeMs > statSync(madeAt).mtimeMs) {
  execFileSync('npx', ['tsx', makePhotos, PHOTOS_DIR], {
    stdio: 'inherit',
  });
}

// Debian's chromium (apt-get install chromium); Playwright never downloads a browser here.
const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
];

export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  // One retry on CI only: a headless page can stop producing animation frames, and a click then
  // waits for "stable" until the test's timeout (decision 0027). A test that fails twice fails,
  // and the list reporter names a test that passed only on its retry as flaky.
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  // A flow through several pages runs past 30 s when the CI machine is loaded (load average 9 seen
  // while the engine's suites run beside it); a ceiling, not a speed check.
  timeout: 90_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: '../test-results',
  use: {
    baseURL: BASE_URL,
    // A click or fill that waits a minute is stuck (decision 0027): it fails then, not at the
    // test's own timeout, so its retry still fits in the CI run.
    actionTimeout: 60_000,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: '/usr/bin/chromium', args: chromiumArgs },
  },
  // Every test on a desktop; those tagged @phone again on a phone (touch, 412 px wide).
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'] } },
    { name: 'phone', use: { ...devices['Pixel 7'] }, grep: /@phone/ },
  ],
  webServer: {
    command: 'node e2e/start-server.mjs',
    cwd: '..',
    url: `${BASE_URL}/api/site-settings`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
