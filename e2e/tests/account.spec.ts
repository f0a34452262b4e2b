import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { MAIL_DIR } from '../constants.ts';
import { expect, test } from '../fixtures.ts';

function resetLinkFor(email: string): string | null {
  const file = readdirSync(MAIL_DIR).find((f) => f.endsWith(`-${email}.eml`));
  if (!file) return null;
  const text = readFileSync(path.join(MAIL_DIR, file), 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  return text.match(/https?:\/\/\S+\/forgot-password\?token=[A-Za-z0-9_%-]+/)?.[0] ?? null;
}

test('the profile shows the account, an empty history and the points ledger', async ({ page, user }) => {
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: user.username })).toBeVisible();
  await expect(page.getByText('Account ID')).toBeVisible();
  await expect(page.getByText(new Date().toLocaleDateString('en-US', { month: 'long', year: 'numeric' }))).toBeVisible();
  await expect(page.getByText('No grading history yet')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Grade a Card' })).toBeVisible();
  await page.getByRole('tab', { name: 'Points' }).click();
  await expect(page.getByRole('cell', { name: 'Welcome bonus' })).toBeVisible();
  await expect(page.getByRole('cell', { name: '+20' })).toBeVisible();
});

test('a user changes their email and their password', async ({ page, user }) => {
  await page.goto('/profile');
  await page.getByRole('tab', { name: 'Account Settings' }).click();
  const update = page.getByRole('button', { name: 'Update Email' });
  await expect(update).toBeDisabled();
  const newEmail = `new_${user.email}`;
  await page.getByLabel('Email address').fill(newEmail);
  await update.click();
  await expect(page.getByText('Email updated')).toBeVisible();
  await expect(page.getByTestId('current-email')).toHaveText(newEmail);

  const change = page.getByRole('button', { name: 'Change Password' });
  await expect(change).toBeDisabled();
  await page.getByLabel('Current password').fill(user.password);
  await page.getByLabel('New password', { exact: true }).fill('brand-new-pass');
  await page.getByLabel('Confirm new password').fill('brand-new-pasz');
  await change.click();
  await expect(page.getByText("Passwords don't match")).toBeVisible();
  await page.getByLabel('Confirm new password').fill('brand-new-pass');
  await change.click();
  await expect(page.getByText('Password Changed', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Current password')).toHaveValue('');
  const login = await page.request.post('/api/login', { data: { emailOrUsername: newEmail, password: 'brand-new-pass' } });
  expect(login.status()).toBe(200);
});

test('a user who forgot the password resets it through the link in the mail', async ({ page, user }) => {
  await page.request.post('/api/logout');
  await page.goto('/auth');
  await page.getByRole('link', { name: 'Forgot Password?' }).click();
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: 'Request Password Reset' }).click();
  await expect(page.getByText('Password Reset Requested')).toBeVisible();
  await expect.poll(() => resetLinkFor(user.email), { timeout: 10_000 }).not.toBeNull();
  const link = new URL(resetLinkFor(user.email)!);
  await page.goto(link.pathname + link.search);
  await expect(page.getByLabel('Reset token')).toHaveValue(link.searchParams.get('token')!);
  await page.getByLabel('New password').fill('reset-by-mail');
  await page.getByLabel('Confirm password').fill('reset-by-mail');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Password Reset Successful')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
  await page.getByLabel('Email or username').fill(user.username);
  await page.getByLabel('Password').fill('reset-by-mail');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL('/');
});

test('buying a package ends with the pending payment listed', async ({ page, user }) => {
  await page.goto('/payment');
  await expect(page.getByRole('heading', { name: 'Purchase Points' })).toBeVisible();
  await expect(page.getByTestId('package-standard')).toContainText('4.00¢ per point');
  await page.getByTestId('package-standard').getByRole('button', { name: 'Select Package' }).click();
  const dialog = page.getByRole('dialog', { name: 'Payment Instructions' });
  await dialog.getByRole('radio', { name: /PayPal/ }).click();
  await expect(dialog.getByTestId('receiving-account')).not.toBeEmpty();
  await expect(dialog).toContainText(user.username);
  const submit = dialog.getByRole('button', { name: 'Submit Payment' });
  await expect(submit).toBeDisabled();
  await dialog.getByLabel('3. Payment ID or reference').fill(`PP-${user.username}`);
  await submit.click();
  await expect(page.getByText('Payment submitted!')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('my-payment')).toContainText('250 points');
  await expect(page.getByTestId('my-payment')).toContainText('pending');
  expect((await (await page.request.get('/api/user/points')).json()).points).toBe(20);
});

test('the marketplace opens the two stores in a new tab', async ({ page }) => {
  let release = () => {};
  const settingsHeld = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/site-settings', async (route) => {
    await settingsHeld;
    await route.continue();
  });
  await page.goto('/marketplace');
  // Until the addresses are known the buttons are there but lead nowhere.
  for (const name of ['Visit live store', 'Visit resale store']) await expect(page.getByRole('button', { name })).toBeDisabled();
  await expect(page.getByRole('link', { name: /Visit/ })).toHaveCount(0);
  release();
  for (const name of ['Visit live store', 'Visit resale store']) {
    const link = page.getByRole('link', { name });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('href', /^https:\/\//);
  }
});
