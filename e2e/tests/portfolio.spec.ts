import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { PHOTOS_DIR } from '../constants.ts';
import { expect, expectSignedInAs, signInAsAdmin, signUp, test } from '../fixtures.ts';

const CARDS = [
  ...Array.from({ length: 14 }, (_, i) => ({
    cardName: `Pokemon card ${String(i).padStart(2, '0')}`,
    cardSet: i % 2 ? 'Base Set' : 'Jungle',
    gameBrand: 'Pokemon',
  })),
  ...Array.from({ length: 10 }, (_, i) => ({
    cardName: `Magic card ${String(i).padStart(2, '0')}`,
    cardSet: i % 2 ? 'Alpha' : 'Beta',
    gameBrand: 'Magic',
  })),
  ...Array.from({ length: 6 }, (_, i) => ({
    cardName: `Baseball card ${i}`,
    cardSet: '1952 Topps',
    gameBrand: 'Baseball',
  })),
];

interface Graded {
  id: number;
  overallGrade: number;
  cardName: string;
  cardSet: string;
  gameBrand: string;
  createdAt: string;
}
const time = (c: Graded) => new Date(c.createdAt).getTime();
/** The page's own rule: averages rounded to one decimal and always shown with it. */
const averageOf = (cs: Graded[]) =>
  (Math.round((cs.reduce((s, c) => s + c.overallGrade, 0) / cs.length) * 10) / 10).toFixed(1);
const topOf = (cs: Graded[]) => Math.max(...cs.map((c) => c.overallGrade));

async function gradeMany(page: Page) {
  const front = readFileSync(path.join(PHOTOS_DIR, 'front.jpg'));
  const back = readFileSync(path.join(PHOTOS_DIR, 'back.jpg'));
  const queue = [...CARDS];
  const worker = async () => {
    for (let card = queue.shift(); card; card = queue.shift()) {
      const upload = await page.request.post('/api/card-gradings/upload', {
        multipart: {
          frontImage: { name: 'f.jpg', mimeType: 'image/jpeg', buffer: front },
          backImage: { name: 'b.jpg', mimeType: 'image/jpeg', buffer: back },
        },
      });
      const { id } = await upload.json();
      await page.request.patch(`/api/card-gradings/${id}/metadata`, { data: card });
      expect((await page.request.post(`/api/card-gradings/${id}/analyze`, { data: {} })).status()).toBe(200);
    }
  };
  await Promise.all([worker(), worker(), worker()]);
}

test('a portfolio of 30 graded cards: filters, sorts, load more, groups, statistics, layouts, the PDF and the history page by page', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const user = await signUp(page);
  const payment = await (
    await page.request.post('/api/manual-payment', {
      data: { packageId: 'ultimate', paymentMethod: 'paypal', transactionId: `P-${user.username}` },
    })
  ).json();
  const admin = await browser.newPage();
  await signInAsAdmin(admin);
  expect((await admin.request.post(`/api/admin/manual-payments/${payment.paymentId}/approve`)).status()).toBe(200);
  await admin.close();
  await gradeMany(page);
  const { items: mine }: { items: Graded[] } = await (await page.request.get('/api/my/card-gradings?limit=100')).json();
  expect(mine).toHaveLength(30);
  const oldest = [...mine].sort((a, b) => time(a) - time(b) || a.id - b.id)[0]!;
  const newestFirst = [...mine].sort((a, b) => time(b) - time(a) || b.id - a.id);

  await page.goto('/portfolio');
  const cards = page.getByTestId('portfolio-card');
  await expect(cards).toHaveCount(12);
  await page.getByRole('button', { name: 'Load More Cards (18 remaining)' }).click();
  // For 0.8 s the button says it is loading and the 12 cards stay: both read in one look at the
  // page, so a slow machine that looks late cannot see the 24 that follow.
  const atOnce = () =>
    page.evaluate(() => ({
      loading: Array.from(document.querySelectorAll('button')).some(
        (b) => b.textContent === 'Loading...' && b.disabled,
      ),
      cards: document.querySelectorAll('[data-testid="portfolio-card"]').length,
    }));
  await expect.poll(atOnce).toEqual({ loading: true, cards: 12 });
  await expect(cards).toHaveCount(24);
  await expect(page.getByRole('button', { name: 'Loading...' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Load More Cards (6 remaining)' })).toBeVisible();
  await expect(cards.first().getByTestId('price-line')).toContainText('Price unavailable');
  // The owner's private thumbnails arrive: a refused one would turn into 'Image not found'.
  await expect
    .poll(() =>
      cards
        .first()
        .getByRole('img')
        .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
    )
    .toBe(true);
  await expect(page.getByText('Image not found')).toHaveCount(0);

  await page.getByLabel('Game', { exact: true }).selectOption('Magic');
  await expect(cards).toHaveCount(10);
  await expect(page.getByLabel('Set', { exact: true }).locator('option')).toHaveText(['All sets', 'Alpha', 'Beta']);
  await page.getByLabel('Set', { exact: true }).selectOption('Alpha');
  await expect(cards).toHaveCount(5);
  await page.getByLabel('Game', { exact: true }).selectOption('');

  await page.getByLabel('Sort', { exact: true }).selectOption('name');
  await expect(cards.first()).toContainText('Baseball card 0');
  await page.getByLabel('Sort', { exact: true }).selectOption('oldest');
  await expect(cards.first()).toContainText(oldest.cardName);
  await page.getByLabel('Sort', { exact: true }).selectOption('grade');
  const best = topOf(mine);
  await expect(cards.first()).toContainText(`Grade ${best}`);
  await page.getByLabel('Sort', { exact: true }).selectOption('newest');
  await expect(cards.first()).toContainText(newestFirst[0]!.cardName);
  await page.getByLabel('Search', { exact: true }).fill('Baseball card 3');
  await expect(cards).toHaveCount(1);
  await page.getByLabel('Search', { exact: true }).fill('');

  await page.getByRole('button', { name: 'List view' }).click();
  await expect(page.locator('[data-layout="list"]')).toBeVisible();
  await page.getByRole('button', { name: 'Grid view' }).click();

  await page.getByRole('tab', { name: 'By Game & Set' }).click();
  for (const game of ['Pokemon', 'Magic', 'Baseball']) {
    const inGame = mine.filter((c) => c.gameBrand === game);
    await expect(page.getByRole('region', { name: game }).getByRole('heading')).toHaveText(
      `${game} (${inGame.length} cards)`,
    );
    for (const set of new Set(inGame.map((c) => c.cardSet))) {
      const inSet = inGame.filter((c) => c.cardSet === set);
      await expect(page.getByTestId(`set-${game}-${set}`)).toContainText(
        `${inSet.length} cards · average grade ${averageOf(inSet)}`,
      );
    }
  }
  await expect(page.getByTestId('set-Pokemon-Jungle')).toContainText('7 cards');
  await expect(page.getByTestId('set-Baseball-1952 Topps')).toContainText('6 cards');

  await page.getByRole('tab', { name: 'Statistics' }).click();
  const stats = page.getByTestId('portfolio-stats');
  await expect(stats).toContainText('Total cards30');
  await expect(stats).toContainText(`Average grade${averageOf(mine)}`);
  await expect(stats).toContainText(`Highest grade${best}`);
  await expect(stats).toContainText('Games3');
  for (const game of ['Pokemon', 'Magic', 'Baseball']) {
    const inGame = mine.filter((c) => c.gameBrand === game);
    await expect(page.getByTestId(`game-stats-${game}`)).toHaveText(
      `${game}: ${inGame.length} cards, average ${averageOf(inGame)}, top ${topOf(inGame)}`,
    );
  }
  await expect(page.getByTestId('game-stats-Magic')).toContainText('10 cards');
  await expect(page.getByTestId('recent-activity').locator('li')).toHaveText(
    newestFirst.slice(0, 5).map((c) => new RegExp(`^${c.cardName} · grade ${c.overallGrade} · `)),
  );

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Portfolio' }).click();
  expect((await download).suggestedFilename()).toBe(`${user.username}_Portfolio.pdf`);

  // The grading history pages the same cards with the list's cursor: the newest 24, then the last 6.
  await page.goto('/profile');
  const history = page.getByTestId('history-card');
  await expect(history).toHaveCount(24);
  await expect(page.getByText('The 24 newest card(s)')).toBeVisible();
  await expect(history.first()).toContainText(`ID: ${newestFirst[0]!.id}`);
  await page.getByRole('button', { name: 'Load More' }).click();
  await expect(history).toHaveCount(30);
  await expect(page.getByText('30 card(s) graded')).toBeVisible();
  await expect(history.last()).toContainText(`ID: ${newestFirst[29]!.id}`);
  await expect(page.getByRole('button', { name: 'Load More' })).toHaveCount(0);
});

test('an empty portfolio invites the first grading', async ({ page, user }) => {
  await expectSignedInAs(page, user);
  await page.goto('/portfolio');
  await expect(page.getByRole('heading', { name: 'My Portfolio' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Grade Your First Card' })).toBeVisible();
});

test('a portfolio that fails to load says so and offers to try again', async ({ page, user }) => {
  await expectSignedInAs(page, user);
  const list = (url: URL) => url.pathname === '/api/my/card-gradings';
  await page.route(list, (route) => route.fulfill({ status: 500, body: 'database unavailable' }));
  await page.goto('/portfolio');
  await expect(page.getByText('Failed to load your portfolio')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Grade Your First Card' })).toHaveCount(0);
  await page.unroute(list);
  await page.getByRole('button', { name: 'Try Again' }).click();
  await expect(page.getByRole('link', { name: 'Grade Your First Card' })).toBeVisible();
});
