// npm run bench:analysis-screen: the time from pressing 'Continue to Analysis' to the grade on
// screen, in the real browser against the built app, for a 12-megapixel pair, and the outline
// check's call alone (median and p90 of BENCH_RUNS, default 10). Prints numbers; asserts nothing
// about speed.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { ADMIN, PHOTOS_DIR } from '../constants.ts';
import { newUserData } from '../fixtures.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 10);
test.setTimeout(30 * 60_000);

test('analysis screen: Continue to Analysis until the grade shows', async ({ page, browser }) => {
  const user = newUserData();
  expect(
    (await page.request.post('/api/register', { data: { ...user, confirmPassword: user.password } })).status(),
  ).toBe(201);
  // Points for every run, bought the way a user buys them: a payment an admin approves.
  const payment = await (
    await page.request.post('/api/manual-payment', {
      data: { packageId: 'ultimate', paymentMethod: 'paypal', transactionId: `BENCH${Date.now()}` },
    })
  ).json();
  const admin = await browser.newContext();
  expect(
    (
      await admin.request.post('/api/login', { data: { emailOrUsername: ADMIN.username, password: ADMIN.password } })
    ).status(),
  ).toBe(200);
  expect((await admin.request.post(`/api/admin/manual-payments/${payment.paymentId}/approve`)).status()).toBe(200);
  await admin.close();

  const front = readFileSync(path.join(PHOTOS_DIR, 'front-12mp.jpg'));
  const back = readFileSync(path.join(PHOTOS_DIR, 'back-12mp.jpg'));
  const times: number[] = [];
  const detectTimes: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const upload = await page.request.post('/api/card-gradings/upload', {
      multipart: {
        frontImage: { name: 'f.jpg', mimeType: 'image/jpeg', buffer: front },
        backImage: { name: 'b.jpg', mimeType: 'image/jpeg', buffer: back },
      },
    });
    const { id } = await upload.json();
    await page.request.patch(`/api/card-gradings/${id}/metadata`, {
      data: { cardName: 'Bench', cardSet: 'Bench', gameBrand: 'Pokemon' },
    });
    // The outline check alone, as the details step calls it.
    const asked = Date.now();
    expect((await page.request.post(`/api/card-gradings/${id}/detect`, { data: {} })).status()).toBe(200);
    detectTimes.push(Date.now() - asked);
    await page.goto(`/?draft=${id}`);
    await expect(page.getByTestId('outline-front')).toContainText('Found.', { timeout: 30_000 });
    const button = page.getByRole('button', { name: 'Continue to Analysis' });
    await expect(button).toBeEnabled();
    const started = Date.now();
    await button.click();
    await expect(page.getByRole('heading', { name: 'Your Card Grade' })).toBeVisible({ timeout: 60_000 });
    times.push(Date.now() - started);
  }
  const summary = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
    return `median ${at(0.5)} ms, p90 ${at(0.9)} ms, min ${sorted[0]} ms, max ${sorted.at(-1)} ms`;
  };
  console.log(`analysis screen, 12 MP pair, ${RUNS} runs: ${summary(times)}`);
  console.log(`outline check (POST detect), 12 MP pair, ${RUNS} runs: ${summary(detectTimes)}`);
});
