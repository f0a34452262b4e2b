import { expect, expectSignedInAs, signInAsAdmin, signUp, test } from '../fixtures.ts';

test('an unknown route shows the 404 page', async ({ page }) => {
  await page.goto('/no-such-page/at-all');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
});

test('/AUTH works like /auth', async ({ page }) => {
  await page.goto('/AUTH');
  await expect(page.getByRole('tab', { name: 'Login' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Purchase 100 Points for $5' })).toBeVisible();
});

test('a guest who opens /profile lands on /auth', async ({ page }) => {
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/auth$/);
});

test('a user on /card-review and /admin sees Access Denied', async ({ page, user }) => {
  await expectSignedInAs(page, user);
  for (const path of ['/card-review', '/admin']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await expect(page.getByText("You don't have permission to access this page.")).toBeVisible();
  }
});

test('an admin sees the admin links in the header and the user menu', async ({ page }) => {
  await signInAsAdmin(page);
  // An admin's ten links fit beside the brand from 1536 px; narrower, they are behind the menu button.
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(
    page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Admin Dashboard' }),
  ).toBeVisible();
  await page.setViewportSize({ width: 1600, height: 900 });
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Admin Dashboard' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Card Review' })).toBeVisible();
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Card Review' })).toBeVisible();
  await page.goto('/card-review');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toHaveCount(0);
});

test('the home page shows the landing block, the steps and the footer', { tag: '@phone' }, async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("Know your card's grade before you send it in");
  await expect(page.getByRole('region', { name: 'Features' }).getByRole('heading', { level: 3 })).toHaveText([
    'Measured, not guessed',
    'Two photos are enough',
    'Notes you can act on',
  ]);
  const services = page.getByRole('region', { name: 'Services' });
  await expect(services.getByRole('heading', { level: 2 })).toHaveText('Services');
  await expect(services.getByRole('heading', { level: 3 })).toHaveText([
    'Instant pre-grade',
    'You check the outline',
    'A certificate for every grade',
  ]);
  // The examples are the engine's own output on generated photos, and say so.
  await expect(page.getByRole('heading', { name: 'Example gradings' })).toBeVisible();
  await expect(page.getByText(/Examples, not customers’ cards/)).toBeVisible();
  const examples = page.getByTestId('example-grading');
  await expect(examples).toHaveCount(4);
  await expect(examples.first()).toContainText(/Engine: \d+ overall/);
  await expect
    .poll(() =>
      examples
        .first()
        .getByRole('img')
        .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
    )
    .toBe(true);
  await expect(page.getByText('Reviewed by people')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Frequently asked questions' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Grading steps' })).toContainText('Upload');
  await expect(page.getByRole('contentinfo')).toContainText(`© ${new Date().getFullYear()} GradeLens`);
  await expect(page.getByRole('contentinfo')).toContainText('Professional trading card grading at your fingertips');
});

test('the header shows the tagline on a phone, a small tablet and a desktop', async ({ page }) => {
  for (const width of [390, 640, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/');
    await expect(
      page.getByRole('banner').getByText('Professional trading card grading at your fingertips'),
    ).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
});

test('links of the form /card-gradings/:id open /card/:id', async ({ page }) => {
  await page.goto('/card-gradings/42');
  await expect(page).toHaveURL(/\/card\/42$/);
});

test('every page loads under the Content-Security-Policy, for a guest, a user and an admin', async ({ page }) => {
  const visit = async (paths: string[]) => {
    for (const path of paths) {
      const response = await page.goto(path);
      expect(response?.headers()['content-security-policy'], path).toMatch(/script-src 'self'/);
      expect(response?.headers()['x-frame-options'], path).toBe('DENY');
      await page.waitForLoadState('networkidle');
    }
  };
  const everyone = ['/', '/auth', '/forgot-password', '/marketplace', '/gallery', '/no-such-page'];
  await visit(everyone);
  await signUp(page);
  await visit(['/', '/profile', '/portfolio', '/payment', '/card/1']);
  await page.request.post('/api/logout');
  await signInAsAdmin(page);
  await visit(['/admin', '/card-review']);
  // The violations themselves are checked after every test by the fixture.
});

test(
  'a gallery that fails to load says so and retries; a photo that is gone shows a placeholder',
  { tag: '@phone' },
  async ({ page }) => {
    let fail = true;
    await page.route('**/api/gallery*', (route) =>
      fail ? route.fulfill({ status: 503, json: { message: 'The database is busy.' } }) : route.continue(),
    );
    await page.goto('/gallery');
    const alert = page.getByRole('alert').filter({ hasText: 'The gallery could not be loaded.' });
    await expect(alert).toContainText('The database is busy.');
    fail = false;
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect(alert).toHaveCount(0);

    await page.route('**/examples/*.jpg', (route) => route.fulfill({ status: 404, body: '' }));
    await page.goto('/');
    await expect(page.getByTestId('example-grading').first().getByRole('img')).toHaveAccessibleName(
      /No image available/,
    );
  },
);
