import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { PHOTOS_DIR } from '../constants.ts';
import { expect, signInAsAdmin, signUp, test } from '../fixtures.ts';

async function uploadWithDetails(page: Page, cardName: string): Promise<number> {
  const upload = await page.request.post('/api/card-gradings/upload', {
    multipart: {
      frontImage: {
        name: 'front.jpg',
        mimeType: 'image/jpeg',
        buffer: readFileSync(path.join(PHOTOS_DIR, 'front.jpg')),
      },
      backImage: { name: 'back.jpg', mimeType: 'image/jpeg', buffer: readFileSync(path.join(PHOTOS_DIR, 'back.jpg')) },
    },
  });
  const { id } = await upload.json();
  await page.request.patch(`/api/card-gradings/${id}/metadata`, {
    data: { cardName, cardSet: 'Base Set', gameBrand: 'Pokemon' },
  });
  expect((await page.request.post(`/api/card-gradings/${id}/analyze`, { data: {} })).status()).toBe(200);
  return id;
}

test('an admin corrects a grade and the owner sees the new grade on the card page', async ({ page, browser }) => {
  const owner = await signUp(page);
  const cardName = `Venusaur ${owner.username}`;
  const id = await uploadWithDetails(page, cardName);

  const adminPage = await browser.newPage();
  await signInAsAdmin(adminPage);
  await adminPage.goto('/card-review');
  await adminPage.getByLabel('Card name').fill(cardName);
  await adminPage.getByRole('button', { name: 'Search' }).click();
  await expect(adminPage.getByText('Found 1 card(s)')).toBeVisible();
  await adminPage.getByTestId(`review-${id}`).getByRole('button', { name: 'Edit' }).click();
  const dialog = adminPage.getByRole('dialog', { name: 'Edit Card Grading' });
  await dialog.getByLabel('Overall').fill('4');
  await dialog.getByLabel('Corners').fill('42');
  await dialog.getByLabel('Notes').fill('Crease found under a loupe.');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(adminPage.getByText('Grade Updated')).toBeVisible();
  await expect(dialog).toBeHidden();

  await adminPage.goto(`/card/${id}`);
  const trail = adminPage.getByTestId('correction');
  await expect(trail).toContainText('overall');
  await expect(trail).toContainText('Notes before');
  await expect(trail).toContainText('Notes after');
  await expect(trail).toContainText('Crease found under a loupe.');
  const report = await adminPage.getByTestId('category-centering').boundingBox();
  expect((await trail.boundingBox())?.y).toBeGreaterThan(report?.y ?? Infinity);
  await expect(adminPage.getByRole('button', { name: 'Edit Grade (Admin)' })).toBeVisible();
  await adminPage.close();

  await page.goto(`/card/${id}`);
  await expect(page.getByTestId('overall-grade')).toHaveText('4');
  await expect(page.getByTestId('category-corners')).toContainText('1/10');
  await expect(page.getByText('Crease found under a loupe.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit Grade (Admin)' })).toHaveCount(0);
});

test("an admin approves a payment and the user's balance shows the new points", async ({ page, browser }) => {
  const user = await signUp(page);
  const submitted = await page.request.post('/api/manual-payment', {
    data: { packageId: 'basic', paymentMethod: 'venmo', transactionId: `V-${user.username}` },
  });
  expect(submitted.status()).toBe(201);
  const { paymentId } = await submitted.json();

  const adminPage = await browser.newPage();
  await signInAsAdmin(adminPage);
  await adminPage.goto('/admin');
  await adminPage.getByRole('tab', { name: 'Payment Management' }).click();
  const row = adminPage.getByTestId(`payment-row-${paymentId}`);
  await expect(row).toContainText(user.username);
  await row.getByRole('button', { name: 'Approve' }).click();
  await expect(adminPage.getByText('Payment Approved')).toBeVisible();
  await expect(row).toBeHidden();
  await adminPage.getByRole('tab', { name: 'User Management' }).click();
  await adminPage.getByLabel('Search users').fill(user.username);
  await adminPage.getByRole('button', { name: 'Search' }).click();
  await expect(adminPage.getByTestId(`user-row-${user.id}`)).toContainText('120');
  await adminPage.close();

  await page.goto('/profile');
  await expect(page.getByText('Points 120')).toBeVisible();
  await page.goto('/payment');
  await expect(page.getByTestId('my-payment')).toContainText('approved');
});

test('the admin dashboard shows its tabs and finds a grading by id', async ({ page }) => {
  const owner = await signUp(page);
  const id = await uploadWithDetails(page, `Gengar ${owner.username}`);
  await page.request.post('/api/logout');
  await signInAsAdmin(page);
  await page.goto('/admin');
  for (const tab of ['Grade Management', 'User Management', 'Payment Management', 'System Settings'])
    await expect(page.getByRole('tab', { name: tab })).toBeVisible();
  await page.getByLabel('Search gradings').fill(String(id));
  await expect(page.getByTestId(`grading-row-${id}`)).toContainText('AI');
  await page.getByRole('tab', { name: 'System Settings' }).click();
  await expect(page.getByText('available in a future update')).toBeVisible();
});

test(
  'card review and grade management page through many results, and a failed load is not mistaken for none',
  { tag: '@phone' },
  async ({ page, browser }) => {
    const owner = await signUp(page);
    const cardName = `Paging ${owner.username}`;
    const photo = await page.screenshot({ clip: { x: 0, y: 0, width: 50, height: 70 } });
    for (let i = 0; i < 26; i += 1) {
      const upload = await page.request.post('/api/card-gradings/upload', {
        multipart: {
          frontImage: { name: 'front.png', mimeType: 'image/png', buffer: photo },
          backImage: { name: 'back.png', mimeType: 'image/png', buffer: photo },
        },
      });
      expect(upload.status()).toBe(201);
      const { id } = await upload.json();
      await page.request.patch(`/api/card-gradings/${id}/metadata`, {
        data: { cardName, cardSet: 'Base Set', gameBrand: 'Pokemon' },
      });
    }

    const adminPage = await browser.newPage();
    await signInAsAdmin(adminPage);
    await adminPage.route(
      (url) => url.pathname === '/api/admin/card-gradings',
      (route) =>
        route.fulfill({ status: 500, json: { code: 'INTERNAL', message: 'Something went wrong on our side.' } }),
      { times: 1 },
    );
    await adminPage.goto('/card-review');
    await expect(adminPage.getByText('Failed to load cards')).toBeVisible();
    await expect(adminPage.getByText(/Found \d+ card\(s\)/)).toHaveCount(0);
    await expect(adminPage.getByText('No cards found matching your search criteria.')).toHaveCount(0);
    await adminPage.getByRole('button', { name: 'Try Again' }).click();
    await expect(adminPage.getByText(/Found \d+ card\(s\)/)).toBeVisible();

    await adminPage.getByLabel('Card name').fill(cardName);
    await adminPage.getByRole('button', { name: 'Search' }).click();
    await expect(adminPage.getByText('Found 26 card(s)')).toBeVisible();
    await expect(adminPage.getByText('Page 1 of 2')).toBeVisible();
    await expect(adminPage.getByTestId(/^review-/)).toHaveCount(25);
    await adminPage.getByRole('button', { name: 'Next' }).click();
    await expect(adminPage.getByText('Page 2 of 2')).toBeVisible();
    await expect(adminPage.getByTestId(/^review-/)).toHaveCount(1);
    await expect(adminPage.getByRole('button', { name: 'Next' })).toBeDisabled();

    await adminPage.goto('/admin');
    await adminPage.getByLabel('Search gradings').fill(cardName);
    await expect(adminPage.getByText('Page 1 of 2')).toBeVisible();
    await expect(adminPage.getByTestId(/^grading-row-/)).toHaveCount(25);
    await adminPage.getByRole('button', { name: 'Next' }).click();
    await expect(adminPage.getByText('Page 2 of 2')).toBeVisible();
    await expect(adminPage.getByTestId(/^grading-row-/)).toHaveCount(1);
    await adminPage.close();
  },
);

test(
  'an admin rejects a payment with a reason the user sees, and adds points with a reason shown in their history',
  { tag: '@phone' },
  async ({ page, browser }) => {
    const user = await signUp(page);
    const submitted = await page.request.post('/api/manual-payment', {
      data: {
        packageId: 'basic',
        paymentMethod: 'cashapp',
        transactionId: `C${user.username.replace(/[^a-z0-9]/gi, '')}`,
      },
    });
    const { paymentId } = await submitted.json();

    const adminPage = await browser.newPage();
    await signInAsAdmin(adminPage);
    await adminPage.goto('/admin');
    await adminPage.getByRole('tab', { name: 'Payment Management' }).click();
    await adminPage.getByTestId(`payment-row-${paymentId}`).getByRole('button', { name: 'Reject' }).click();
    const dialog = adminPage.getByRole('dialog', { name: 'Reject this payment?' });
    await expect(dialog.getByRole('button', { name: 'Reject payment' })).toBeDisabled();
    await dialog.getByLabel('Reason').fill('No payment with this reference arrived');
    await dialog.getByRole('button', { name: 'Reject payment' }).click();
    await expect(adminPage.getByText('Payment Rejected')).toBeVisible();

    await adminPage.getByRole('tab', { name: 'User Management' }).click();
    await adminPage.getByLabel('Search users').fill(user.username);
    await adminPage.getByRole('button', { name: 'Search' }).click();
    await adminPage.getByTestId(`user-row-${user.id}`).getByRole('button', { name: 'Adjust points' }).click();
    const adjust = adminPage.getByRole('dialog', { name: `Adjust points for ${user.username}` });
    await adjust.getByLabel('Points (+ to add, - to remove)').fill('15');
    await adjust.getByRole('button', { name: 'Save' }).click();
    await expect(adjust.getByText('Say why the points change: the user sees it')).toBeVisible();
    await adjust.getByLabel('Reason').fill('Goodwill for a misread photo');
    await adjust.getByRole('button', { name: 'Save' }).click();
    await expect(adminPage.getByText(`${user.username} now has 35 points.`)).toBeVisible();
    await expect(adminPage.getByTestId(`user-row-${user.id}`)).toContainText('35');
    await adminPage.close();

    await page.goto('/payment');
    await expect(page.getByTestId('my-payment')).toContainText('No payment with this reference arrived');
    await page.goto('/profile');
    await page.getByRole('tab', { name: 'Points' }).click();
    await expect(page.getByRole('cell', { name: '+15' })).toBeVisible();
    await expect(page.getByText(/Goodwill for a misread photo/)).toBeVisible();
  },
);
