import type { Page } from '@playwright/test';
import { expect, gradeCard, signInAsAdmin, signUp, test } from '../fixtures.ts';

// Every route, for every role, on the narrowest phone we support and on a desktop: nothing
// scrolls sideways, every tab of a tabbed page included, and every page names itself in the tab.
const NARROW = { width: 360, height: 740 };

async function expectNoSidewaysScroll(page: Page, where: string) {
  // Fonts and images settle first: a late image can widen a page.
  await page.waitForLoadState('networkidle');
  const { scroll, view } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    view: window.innerWidth,
  }));
  expect(scroll, `${where} is ${scroll} px wide on a ${view} px screen`).toBeLessThanOrEqual(view);
}

async function visitAll(page: Page, routes: string[], role: string) {
  for (const route of routes) {
    await page.goto(route);
    await expect(page).toHaveTitle(/^(GradeLens|.+ - GradeLens)$/);
    await expectNoSidewaysScroll(page, `${route} (${role})`);
    for (const tab of await page.getByRole('tab').all()) {
      await tab.click();
      await expectNoSidewaysScroll(page, `${route}, tab ${await tab.textContent()} (${role})`);
    }
  }
}

const PUBLIC = ['/', '/auth', '/forgot-password', '/gallery', '/marketplace', '/shop', '/submit', '/no-such-page'];
const SIGNED_IN = ['/profile', '/portfolio', '/payment', '/cart', '/admin', '/card-review'];

for (const viewport of [NARROW, { width: 1280, height: 800 }]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });
    test.slow();

    test('a guest', async ({ page }) => {
      await visitAll(page, [...PUBLIC, ...SIGNED_IN], 'guest');
    });

    test('a user, with a graded card, its certificate and its gallery page', async ({ page }) => {
      await signUp(page);
      const id = await gradeCard(page);
      const { certificateNumber } = await (await page.request.get(`/api/card-gradings/${id}`)).json();
      await page.request.patch(`/api/card-gradings/${id}/share`, { data: { shared: true } });
      await visitAll(
        page,
        [
          ...PUBLIC.filter((r) => r !== '/auth'),
          ...SIGNED_IN,
          `/card/${id}`,
          `/gallery/${id}`,
          `/cert/${certificateNumber}`,
        ],
        'user',
      );
    });

    test('an admin', async ({ page }) => {
      await signInAsAdmin(page);
      await visitAll(page, [...PUBLIC.filter((r) => r !== '/auth'), ...SIGNED_IN], 'admin');
    });
  });
}

test('the header links to the gallery, each page is named, and signing in returns to the page the person was going to', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page).toHaveTitle('GradeLens');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Gallery' }).click();
  await expect(page).toHaveURL('/gallery');
  await expect(page).toHaveTitle('Gallery - GradeLens');

  const user = await signUp(page);
  await page.request.post('/api/logout');
  await page.goto('/portfolio');
  await expect(page).toHaveURL('/auth');
  await page.getByLabel('Email or username').fill(user.username);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL('/portfolio');
  await expect(page).toHaveTitle('Portfolio - GradeLens');
});
