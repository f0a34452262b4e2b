import { expect, signUp, test } from '../fixtures.ts';

// The first visit: a guest's home page arrives drawn (client/scripts/prerender.mjs), the app
// takes it over without redrawing it, and every page knows who is signed in without a call.

test.describe('without scripts', () => {
  test.use({ javaScriptEnabled: false });

  test('a guest sees the home page and its upload step before any script runs', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('grade');
    await expect(page.getByRole('heading', { name: 'Grade your card' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
    await expect(page.getByTestId('example-grading')).toHaveCount(4);
  });
});

test('the app takes over the drawn home page without redrawing it, and without errors', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  // Hold the app's code until the drawn page has been marked.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/', { waitUntil: 'commit' });
  const heading = page.getByRole('heading', { name: 'Grade your card' });
  await heading.evaluate((element) => element.setAttribute('data-drawn-by-server', ''));
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  release();
  // React has taken the element over (it keeps its own key on the elements it owns), and it is
  // still the one the server drew.
  await expect
    .poll(() => heading.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber'))))
    .toBe(true);
  await expect(heading).toHaveAttribute('data-drawn-by-server', '');
  // Its example photos are still photos (a placeholder stands in only for one that failed).
  const photo = page.getByTestId('example-grading').last().locator('img');
  await photo.scrollIntoViewIfNeeded();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  // A link the app handles moves without loading a new document.
  await page.getByRole('banner').getByRole('link', { name: 'Gallery' }).click();
  await expect(page).toHaveURL(/\/gallery$/);
  expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
  expect(errors, 'errors while the app took over the page').toEqual([]);
});

test('a signed-in page knows its user without asking /api/user, and a guest home page does too', async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/user') asked.push(request.url());
  });
  await page.goto('/');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
  const user = await signUp(page);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: user.username })).toBeVisible();
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Open user menu' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toHaveCount(0);
  expect(asked).toEqual([]);
});
