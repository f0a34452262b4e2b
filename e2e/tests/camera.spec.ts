import path from 'node:path';
import { PHOTOS_DIR } from '../constants.ts';
import { expect, expectSignedInAs, test } from '../fixtures.ts';

// Chromium's fake camera plays a generated card photo.
test.use({
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    args: [
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
      `--use-file-for-fake-video-capture=${path.join(PHOTOS_DIR, 'camera.y4m')}`,
    ],
  },
  permissions: ['camera'],
});

// The engine may take most of a minute for two photos on a busy machine: three times the default.
test.slow();

test('a user photographs both sides with the camera and the engine grades them', async ({ page, user }) => {
  await expectSignedInAs(page, user);
  await page.goto('/');
  for (const side of ['front', 'back'] as const) {
    await page.getByRole('button', { name: `Camera for ${side}` }).click();
    const dialog = page.getByRole('dialog', { name: `Take Photo - ${side === 'front' ? 'Front' : 'Back'} of Card` });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('Align card within the rectangle')).toBeVisible();
    await expect(page.getByTestId('camera-guide')).toHaveCSS('width', '280px');
    await expect(page.getByTestId('camera-guide')).toHaveCSS('height', '392px');
    await page.waitForFunction(() => (document.querySelector('video')?.videoWidth ?? 0) > 0);
    await dialog.getByRole('button', { name: 'Capture photo' }).click();
    await expect(dialog).toBeHidden();
  }
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await page.getByLabel('Card name').fill('Pikachu');
  await page.getByLabel('Card set').fill('Jungle');
  await page.getByLabel('Game / brand').fill('Pokemon');
  await page.getByRole('button', { name: 'Continue to Analysis' }).click();
  await expect(page.getByRole('heading', { name: 'Your Card Grade' })).toBeVisible({ timeout: 45_000 });
  await expect(page.getByTestId('overall-grade')).toHaveText(/^(10|[1-9])$/);
  const { items: mine } = await (await page.request.get('/api/my/card-gradings')).json();
  expect(mine[0].gradedAt).toBeTruthy();
});

test('the camera keeps its stream while the page behind it updates', async ({ page, user }) => {
  await expectSignedInAs(page, user);
  await page.addInitScript(() => {
    const counter = window as unknown as { cameraStarts: number };
    counter.cameraStarts = 0;
    const original = MediaDevices.prototype.getUserMedia;
    MediaDevices.prototype.getUserMedia = function (this: MediaDevices, constraints?: MediaStreamConstraints) {
      counter.cameraStarts += 1;
      return original.call(this, constraints);
    };
  });
  // The points balance arrives only once the camera is open, so the page behind it renders again.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/user/points', async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/');
  await page.getByRole('button', { name: 'Camera for front' }).click();
  await page.waitForFunction(() => (document.querySelector('video')?.videoWidth ?? 0) > 0);
  release();
  await expect(page.getByTestId('points-badge')).toContainText('20 points');
  // React runs a render's effects by the next frames: had the re-render restarted the camera,
  // getUserMedia would have been called by then, and the stream shown would have changed.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  expect(await page.evaluate(() => (window as unknown as { cameraStarts: number }).cameraStarts)).toBe(1);
  expect(await page.evaluate(() => (document.querySelector('video')?.srcObject as MediaStream | null)?.active)).toBe(
    true,
  );

  const dialog = page.getByRole('dialog', { name: 'Take Photo - Front of Card' });
  await dialog.getByRole('button', { name: 'Capture photo' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByAltText('Front of card preview')).toBeVisible();
});
