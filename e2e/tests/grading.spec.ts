import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { PHOTOS_DIR } from '../constants.ts';
import { expect, expectSignedInAs, gradeCard, signUp, test } from '../fixtures.ts';

// The engine may take most of a minute for two photos on a busy machine: three times the default.
test.slow();

const FRONT = path.join(PHOTOS_DIR, 'front.jpg');
const BACK = path.join(PHOTOS_DIR, 'back.jpg');

async function fillDetails(page: Page) {
  await page.getByLabel('Card name').fill('Charizard');
  await page.getByLabel('Card set').fill('Base Set');
  await page.getByLabel('Game / brand').fill('Pokemon');
  await page.getByRole('button', { name: 'Continue to Analysis' }).click();
}

/** The photo is on the page and its pixels arrived: a refused photo shows no image, at most its alt text. */
async function expectPhotoShown(photo: Locator) {
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
}

/** Makes the page's clipboard refuse writes while window.clipboardBlocked is true, as a browser without permission does. */
async function blockableClipboard(page: Page) {
  await page.addInitScript(() => {
    const flags = window as unknown as { clipboardBlocked?: boolean };
    for (const name of ['write', 'writeText'] as const) {
      const original = Clipboard.prototype[name] as (this: Clipboard, ...args: unknown[]) => Promise<void>;
      Object.defineProperty(Clipboard.prototype, name, {
        configurable: true,
        value(this: Clipboard, ...args: unknown[]) {
          return flags.clipboardBlocked
            ? Promise.reject(new DOMException('Write blocked', 'NotAllowedError'))
            : original.apply(this, args);
        },
      });
    }
  });
}

test("a signed-in user grades a card from two photo files, sees the engine's grades, shares them and finds the charge in the points history", async ({
  page,
  user,
}) => {
  await expectSignedInAs(page, user);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await blockableClipboard(page);
  // The points history is loaded before grading, so the grading must refresh it.
  await page.goto('/profile');
  await page.getByRole('tab', { name: 'Points' }).click();
  await expect(page.getByRole('cell', { name: '+20' })).toBeVisible();
  await page.getByRole('link', { name: 'Home' }).first().click();
  await expect(page.getByTestId('points-badge')).toContainText('20 points');
  const continueButton = page.getByRole('button', { name: 'Continue', exact: true });
  await expect(continueButton).toBeDisabled();
  await page.getByTestId('front-file').setInputFiles(FRONT);
  await page.getByTestId('back-file').setInputFiles(BACK);
  await expect(page.getByAltText('Front of card preview')).toBeVisible();
  await continueButton.click();

  await page.getByRole('button', { name: 'Continue to Analysis' }).click();
  await expect(page.getByText('Card name is required')).toBeVisible();
  // The grade is held back until the Analyzing screen has been seen: on a fast run it shows for
  // less time than an assertion may take to look.
  let analyzingSeen!: () => void;
  const seen = new Promise<void>((resolve) => (analyzingSeen = resolve));
  await page.route('**/api/card-gradings/*/analyze', async (route) => {
    const response = await route.fetch();
    await seen;
    await route.fulfill({ response });
  });
  await fillDetails(page);

  await expect(page.getByRole('heading', { name: 'Analyzing Your Card' })).toBeVisible();
  await expect(page.getByText('Please do not refresh or close this page.')).toBeVisible();
  analyzingSeen();
  await expect(page.getByRole('heading', { name: 'Your Card Grade' })).toBeVisible({ timeout: 45_000 });
  await expect(page.getByTestId('overall-grade')).toHaveText(/^(10|[1-9])$/);
  await expect(page.getByText('AI-Powered Grading', { exact: true })).toBeVisible();
  await expect(page.getByTestId('centering-ratios')).toContainText('Front:');
  await expectPhotoShown(page.getByAltText('Front with measurements'));
  await expect(page.getByText(/Method: GradeLens measured grading/)).toBeVisible();

  const { items: mine } = await (await page.request.get('/api/my/card-gradings')).json();
  expect(await (await page.request.get(`/api/card-gradings/${mine[0].id}`)).json()).toMatchObject({
    cardName: 'Charizard',
    mlPowered: 1,
  });
  expect((await (await page.request.get('/api/user/points')).json()).points).toBe(10);
  await expect(page.getByTestId('category-corners')).toContainText(`${mine[0].cornerGrade}/10`);

  const link = new URL(`/gallery/${mine[0].id}`, page.url()).href;
  const share = page.getByRole('button', { name: 'Share Results' });
  await page.evaluate(() => ((window as unknown as { clipboardBlocked?: boolean }).clipboardBlocked = true));
  await share.click();
  await expect(page.getByText(`Copy this link to share it: ${link}`)).toBeVisible();
  await expect(page.getByText(/Link copied/)).toHaveCount(0);
  expect((await (await page.request.get(`/api/card-gradings/${mine[0].id}`)).json()).shared).toBe(true);

  await page.evaluate(() => ((window as unknown as { clipboardBlocked?: boolean }).clipboardBlocked = false));
  await share.click();
  await expect(page.getByText(`Link copied: ${link}`)).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

  await page.getByRole('button', { name: 'Grade Another Card' }).click();
  await expect(page.getByRole('button', { name: 'Continue', exact: true })).toBeDisabled();

  await page.getByRole('link', { name: 'Profile', exact: true }).first().click();
  await page.getByRole('tab', { name: 'Points' }).click();
  await expect(page.getByRole('cell', { name: '-10', exact: true })).toBeVisible();
});

test('when the grade does not come back, the page never says nothing was charged, and Try again shows the grade without a second charge', async ({
  page,
  user,
}) => {
  await expectSignedInAs(page, user);
  // The server grades the card and charges for it, but its answer never reaches the page.
  let dropped = 0;
  await page.route('**/api/card-gradings/*/analyze', async (route) => {
    if (dropped > 0) return route.continue();
    dropped += 1;
    await route.fetch();
    await route.abort('connectionreset');
  });
  await page.goto('/');
  await page.getByTestId('front-file').setInputFiles(FRONT);
  await page.getByTestId('back-file').setInputFiles(BACK);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await fillDetails(page);
  const alert = page.getByRole('alert').filter({ hasText: 'Analysis Failed' });
  await expect(alert).toContainText('The grade did not come back', { timeout: 45_000 });
  await expect(alert).not.toContainText('Nothing was charged');
  expect((await (await page.request.get('/api/user/points')).json()).points).toBe(10);
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'Your Card Grade' })).toBeVisible({ timeout: 45_000 });
  expect((await (await page.request.get('/api/user/points')).json()).points).toBe(10);
});

test('a guest tries the demo: random grades from 8 to 10, nothing saved, and a Sign Up Now banner', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByText('Guest Mode:')).toBeVisible();
  await page.getByTestId('front-file').setInputFiles(FRONT);
  await page.getByTestId('back-file').setInputFiles(BACK);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await fillDetails(page);
  await expect(page.getByRole('heading', { name: 'Your Card Grade' })).toBeVisible({ timeout: 45_000 });
  await expect(page.getByTestId('overall-grade')).toHaveText(/^(8|9|10)$/);
  await expect(page.getByText('Method: Demo')).toBeVisible();
  await expect(page.getByText(/demo grades for guest mode and are not saved/)).toBeVisible();
  await page.getByRole('link', { name: 'Sign Up Now' }).click();
  await expect(page).toHaveURL(/\/auth\?tab=register$/);
  await expect(page.getByRole('tab', { name: 'Register' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Confirm password')).toBeVisible();
});

test('a user without enough points sees the Insufficient Points view', async ({ page, user }) => {
  // Two real gradings spend the points before the third try: three flows in one test's time.
  test.setTimeout(180_000);
  await expectSignedInAs(page, user);
  await gradeCard(page);
  await gradeCard(page);
  await page.goto('/');
  // Told before uploading anything, with the way to more points.
  const short = page.getByTestId('points-short');
  await expect(short).toContainText('You have 0 points and a grading costs 10.');
  await expect(short.getByRole('link', { name: 'Get points in the Point Bank' })).toHaveAttribute('href', '/payment');
  await page.getByTestId('front-file').setInputFiles(FRONT);
  await page.getByTestId('back-file').setInputFiles(BACK);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await fillDetails(page);
  await expect(page.getByRole('heading', { name: 'You need more points' })).toBeVisible({ timeout: 45_000 });
  await expect(page.getByText('You need 10 more points.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to My Account' })).toHaveAttribute('href', '/profile');
});

test('an owner shares a grading, a signed-out visitor opens it in the gallery, and unsharing hides it', async ({
  page,
  browser,
}) => {
  await signUp(page);
  const id = await gradeCard(page);
  await page.goto(`/card/${id}`);
  await expect(page.getByRole('heading', { name: 'Blastoise' })).toBeVisible();
  await expectPhotoShown(page.getByAltText('Front of the card'));
  await expectPhotoShown(page.getByAltText('Front with measurements'));
  const toggle = page.getByLabel('Shared in the public gallery');
  await toggle.click();
  await expect(page.getByText('Shared to the gallery')).toBeVisible();
  await expect(toggle).toBeChecked();

  const visitor = await browser.newPage();
  await visitor.goto(`/gallery/${id}`);
  await expect(visitor.getByRole('heading', { name: 'Blastoise' })).toBeVisible();
  await expect(visitor.getByRole('link', { name: /Back to Gallery/ })).toBeVisible();
  await expectPhotoShown(visitor.getByAltText('Back of the card'));
  await expectPhotoShown(visitor.getByAltText('Back with measurements'));
  // The owner's controls are the owner's: a visitor sees none of them.
  await expect(visitor.getByLabel('Shared in the public gallery')).toHaveCount(0);
  await expect(visitor.getByRole('button', { name: 'List this card' })).toHaveCount(0);
  await expect(visitor.getByRole('button', { name: 'Adjust centering lines' })).toHaveCount(0);
  await visitor.goto('/gallery');
  await expect(visitor.getByRole('link', { name: /Blastoise/ }).first()).toBeVisible();
  await expectPhotoShown(
    visitor
      .getByRole('link', { name: /Blastoise/ })
      .first()
      .getByRole('img'),
  );

  await toggle.click();
  await expect(page.getByText('Removed from the gallery')).toBeVisible();
  await expect(toggle).not.toBeChecked();
  await visitor.goto(`/gallery/${id}`);
  await expect(visitor.getByRole('heading', { name: 'Card Not Found' })).toBeVisible();
  expect((await visitor.request.get(`/api/card-gradings/${id}`)).status()).toBe(404);
  const { frontImagePath } = await (await page.request.get(`/api/card-gradings/${id}`)).json();
  expect((await visitor.request.get(frontImagePath)).status()).toBe(404);
  expect((await page.request.get(frontImagePath)).status()).toBe(200);
  await visitor.close();
});
