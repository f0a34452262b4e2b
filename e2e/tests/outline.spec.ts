import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { PHOTOS_DIR } from '../constants.ts';
import { expect as baseExpect, expectSignedInAs, gradeCard, signUp, test, uploadCard } from '../fixtures.ts';

// The outline check and the grading share the engine's workers with the other tests running at
// the same time: their answers may wait behind a grading, so these tests wait longer for them.
const expect = baseExpect.configure({ timeout: 20_000 });

// The engine runs for real in these tests: three times the default time.
test.slow();

const photo = (name: string) => path.join(PHOTOS_DIR, name);
/** The left card's corners in two-cards.jpg (TL, TR, BR, BL, photo pixels), from the generator's truth. */
const leftCard = (): [number, number][] => JSON.parse(readFileSync(photo('two-cards.json'), 'utf8'));

/** Where a point of the photo shown in an outline editor is on the page. */
async function onPage(image: Locator, point: [number, number], size: { width: number; height: number }) {
  const box = (await image.boundingBox())!;
  return { x: box.x + (point[0] / size.width) * box.width, y: box.y + (point[1] / size.height) * box.height };
}

async function centreOf(locator: Locator) {
  const box = (await locator.boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

type Target = { x: number; y: number } | (() => Promise<{ x: number; y: number }>);

/** Mouse drags and touches are at viewport points: the handle is scrolled to the middle of the view first, clear of the sticky header. */
const centreInView = (handle: Locator) =>
  handle.evaluate((element) => element.scrollIntoView({ block: 'center', inline: 'center' }));

/**
 * Where to take hold of a handle: its centre in the middle of the view, once the page has stopped
 * moving it (a photo or a grade arriving shifts the layout) and nothing covers it there. Under a
 * loaded machine a touch measured a moment too early landed beside the handle.
 */
async function grabPoint(handle: Locator) {
  await centreInView(handle);
  let last = await centreOf(handle);
  await expect
    .poll(
      async () => {
        const now = await centreOf(handle);
        const still = Math.hypot(now.x - last.x, now.y - last.y) < 0.5;
        last = now;
        return still && (await handle.evaluate((el, p) => el.contains(document.elementFromPoint(p.x, p.y)), now));
      },
      { intervals: [150, 250, 500] },
    )
    .toBe(true);
  return last;
}

async function mouseDrag(page: Page, handle: Locator, target: Target) {
  const from = await grabPoint(handle);
  const to = typeof target === 'function' ? await target() : target;
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 4 });
  await page.mouse.move(to.x, to.y, { steps: 4 });
  await page.mouse.up();
}

/**
 * A finger drag, as a phone sends it: touch events through the browser's input layer. When `held`
 * is given, the finger is put down again (at most three times) until it says the handle is held:
 * on a loaded CI machine a touch now and then reached the page before its hit-testing had caught
 * up with the scroll that brought the handle into view, and went nowhere, as a real finger's
 * missed touch does. A handle that never takes hold still fails the test.
 */
async function touchDrag(
  page: Page,
  handle: Locator,
  target: Target,
  whileHeld?: () => Promise<void>,
  held?: () => Promise<boolean>,
) {
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', p?: { x: number; y: number }) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: p ? [{ x: p.x, y: p.y }] : [] });
  let from = await grabPoint(handle);
  for (let attempt = 1; held; attempt += 1) {
    await touch('touchStart', from);
    const took = await expect
      .poll(held, { timeout: 5_000 })
      .toBe(true)
      .then(() => true)
      .catch(() => false);
    if (took) break;
    await touch('touchEnd');
    if (attempt === 3) throw new Error('Three touches on the handle did not take hold of it.');
    from = await grabPoint(handle);
  }
  const to = typeof target === 'function' ? await target() : target;
  if (!held) await touch('touchStart', from);
  for (let i = 1; i <= 6; i += 1)
    await touch('touchMove', { x: from.x + ((to.x - from.x) * i) / 6, y: from.y + ((to.y - from.y) * i) / 6 });
  await whileHeld?.();
  await touch('touchEnd');
  await cdp.detach();
}

async function fillDetails(page: Page, name = 'Charizard') {
  await page.getByLabel('Card name').fill(name);
  await page.getByLabel('Card set').fill('Base Set');
  await page.getByLabel('Game / brand').fill('Pokemon');
}

async function uploadInFlow(page: Page, front: string, back: string) {
  await page.goto('/');
  await page.getByTestId('front-file').setInputFiles(front);
  await page.getByTestId('back-file').setInputFiles(back);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Check the card’s outline' })).toBeVisible();
}

const latest = async (page: Page) => (await (await page.request.get('/api/my/card-gradings')).json()).items[0];
const grading = async (page: Page, id: number) => (await page.request.get(`/api/card-gradings/${id}`)).json();

test('a photo the engine cannot choose a card in is graded by placing the corners with the mouse', async ({
  page,
  user,
}) => {
  await expectSignedInAs(page, user);
  await uploadInFlow(page, photo('two-cards.jpg'), photo('back.jpg'));
  const front = page.getByTestId('outline-front');
  await expect(front).toContainText('Drag the four green corners onto the corners of the card');
  await fillDetails(page);
  await expect(page.getByTestId('analysis-blocked')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue to Analysis' })).toBeDisabled();

  const image = front.getByAltText('Front photo');
  const size = { width: 2320, height: 1500 };
  const truth = leftCard();
  for (const [i, corner] of truth.entries()) {
    await mouseDrag(page, page.getByTestId(`front-corner-${i}`), () => onPage(image, corner, size));
  }
  await expect(front).toContainText('Your corners will be used.');
  // Each corner should land where it was dropped, within a few of the photo's pixels per screen pixel.
  const tolerance = (3 * size.width) / (await image.boundingBox())!.width;
  await page.getByRole('button', { name: 'Continue to Analysis' }).click();
  await expect(page.getByRole('heading', { name: 'Your Card Grade' })).toBeVisible({ timeout: 45_000 });

  const graded = await grading(page, (await latest(page)).id);
  expect(graded.analysis.ownerSet.front).toEqual({ outline: true, frame: false });
  graded.analysis.outline.front.forEach(([x, y]: [number, number], i: number) => {
    expect(Math.hypot(x - truth[i]![0], y - truth[i]![1])).toBeLessThan(tolerance);
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the owner drags a corner with a finger, with a loupe at the finger, and the card is graded as placed', async ({
    page,
    user,
  }) => {
    await expectSignedInAs(page, user);
    await uploadInFlow(page, photo('front.jpg'), photo('back.jpg'));
    const front = page.getByTestId('outline-front');
    await expect(front).toContainText('Found.');
    const corner = page.getByTestId('front-corner-0');
    const nudged = async () => {
      const start = await centreOf(corner);
      return { x: start.x - 6, y: start.y - 6 };
    };
    const loupe = page.getByTestId('loupe');
    await touchDrag(
      page,
      corner,
      nudged,
      async () => {
        await expect(loupe).toBeVisible();
      },
      () => loupe.isVisible(),
    );
    await expect(page.getByTestId('loupe')).toHaveCount(0);
    await expect(front).toContainText('You moved the corners');
    // Arrow keys move the focused corner a pixel at a time.
    await corner.focus();
    const before = await corner.getAttribute('aria-label');
    await page.keyboard.press('ArrowRight');
    expect(await corner.getAttribute('aria-label')).not.toBe(before);

    await fillDetails(page);
    await page.getByRole('button', { name: 'Continue to Analysis' }).click();
    await expect(page.getByRole('heading', { name: 'Your Card Grade' })).toBeVisible({ timeout: 45_000 });
    expect((await grading(page, (await latest(page)).id)).analysis.ownerSet.front.outline).toBe(true);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
  });

  test('the owner drags a centering line with a finger and the centering is re-measured', async ({ page }) => {
    await signUp(page);
    const id = await gradeCard(page);
    await page.goto(`/card/${id}`);
    await page.getByRole('button', { name: 'Adjust centering lines' }).click();
    const line = page.getByTestId('front-line-left');
    await touchDrag(page, line, async () => {
      const at = await centreOf(line);
      return { x: at.x + 12, y: at.y };
    });
    await page.getByRole('button', { name: 'Re-measure centering' }).click();
    await expect(page.getByText('Centering re-measured')).toBeVisible();
    await expect(page.getByText('Centering lines set by the owner').first()).toBeVisible();
    expect((await grading(page, id)).centeringSetByOwner).toBe(true);
  });
});

test('a rejection keeps the photos and details: the owner retakes the back and grades without typing again', async ({
  page,
  user,
}) => {
  await uploadInFlow(page, photo('front.jpg'), photo('small-back.jpg'));
  await expect(page.getByTestId('outline-back')).toContainText('Found.');
  await fillDetails(page, 'Mewtwo');
  await page.getByRole('button', { name: 'Continue to Analysis' }).click();
  const rejection = page.getByTestId('rejection');
  await expect(rejection).toContainText('different sizes', { timeout: 45_000 });
  await expect(rejection).toContainText('No points were taken');
  expect((await (await page.request.get('/api/user/points')).json()).points).toBe(20);
  expect((await latest(page)).rejection.code).toBe('mismatched_sides');

  await rejection.getByTestId('retake-back-input').setInputFiles(photo('back.jpg'));
  await expect(page.getByTestId('outline-back')).toContainText('Found.');
  await expect(page.getByLabel('Card name')).toHaveValue('Mewtwo');
  await page.getByRole('button', { name: 'Continue to Analysis' }).click();
  await expect(page.getByRole('heading', { name: 'Your Card Grade' })).toBeVisible({ timeout: 45_000 });
  const mine = await latest(page);
  expect(mine).toMatchObject({ cardName: 'Mewtwo', rejection: null });
  await expectSignedInAs(page, user);
});

test('a draft is continued from the history or deleted there', async ({ page, user }) => {
  await expectSignedInAs(page, user);
  const kept = await uploadCard(page);
  const dropped = await uploadCard(page);
  await page.goto('/profile');
  const cards = page.getByTestId('history-card');
  await expect(cards).toHaveCount(2);
  const toDrop = cards.filter({ hasText: `ID: ${dropped}` });
  await toDrop.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Upload deleted')).toBeVisible();
  await expect(cards).toHaveCount(1);
  expect((await page.request.get(`/api/card-gradings/${dropped}`)).status()).toBe(404);

  await cards.getByRole('link', { name: 'Continue' }).click();
  await expect(page).toHaveURL(`/?draft=${kept}`);
  await expect(page.getByTestId('outline-front')).toContainText('Found.');
  await fillDetails(page);
  await page.getByRole('button', { name: 'Continue to Analysis' }).click();
  await expect(page.getByRole('heading', { name: 'Your Card Grade' })).toBeVisible({ timeout: 45_000 });
});

test('the label’s QR target opens for a signed-out visitor although the grading is not shared, and the owner can take the photo off', async ({
  page,
  browser,
}) => {
  await signUp(page);
  const id = await gradeCard(page);
  const { certificateNumber, shared } = await grading(page, id);
  expect(shared).toBe(false);
  const visitor = await browser.newPage();
  await visitor.goto(`/cert/${certificateNumber}`);
  await expect(visitor.getByTestId('certificate-number')).toHaveText(certificateNumber);
  await expect(visitor.getByText('Blastoise')).toBeVisible();
  await expect(visitor.getByTestId('certificate-grade')).toContainText(/\d/);
  await expect
    .poll(() =>
      visitor
        .getByAltText('Front of Blastoise')
        .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
    )
    .toBe(true);

  // The owner turns the photo off on the certificate page itself (the card page has the same switch).
  await page.goto(`/cert/${certificateNumber}`);
  const showPhoto = page.getByLabel('This is your card: show its front photo on this page');
  await expect(showPhoto).toBeChecked();
  await showPhoto.click();
  await expect(showPhoto).not.toBeChecked();
  expect((await grading(page, id)).certificatePhotoShown).toBe(false);
  await expect(visitor.getByLabel(/This is your card/)).toHaveCount(0);
  await visitor.reload();
  await expect(visitor.getByText('The owner has not made the photo public.')).toBeVisible();
  await visitor.goto('/cert/GL-00000001-00000000');
  await expect(visitor.getByRole('heading', { name: 'Certificate not found' })).toBeVisible();
  await visitor.close();
});

test('on a desktop the owner drags a centering line with the mouse', async ({ page }) => {
  await signUp(page);
  const id = await gradeCard(page);
  await page.goto(`/card/${id}`);
  await expect(page.getByAltText('Front with measurements')).toBeVisible();
  await page.getByRole('button', { name: 'Adjust centering lines' }).click();
  const line = page.getByTestId('back-line-top');
  await mouseDrag(page, line, async () => {
    const at = await centreOf(line);
    return { x: at.x, y: at.y + 10 };
  });
  await page.getByRole('button', { name: 'Re-measure centering' }).click();
  await expect(page.getByText('Centering re-measured')).toBeVisible();
  const after = await grading(page, id);
  expect(after.analysis.centering.back.ownerSet).toBe(true);
  expect(after.analysis.ownerSet.back.frame).toBe(true);
});
