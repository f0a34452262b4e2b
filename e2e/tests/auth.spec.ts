import { expect, expectSignedInAs, newUserData, test } from '../fixtures.ts';

test('a visitor registers through the form and sees the signed-in header', async ({ page }) => {
  const data = newUserData();
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Register' }).click();
  await page.getByLabel('Username').fill(data.username);
  await page.getByLabel('Email', { exact: true }).fill(data.email);
  await page.getByLabel('Password', { exact: true }).fill(data.password);
  await page.getByLabel('Confirm password').fill(data.password);
  await page.getByRole('button', { name: 'Create Account' }).click();

  await expect(page).toHaveURL('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const link of ['Profile', 'Portfolio', 'Buy Points'])
    await expect(nav.getByRole('link', { name: link })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open user menu' })).toHaveText(data.username[0]!.toUpperCase());
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toHaveCount(0);
});

test('registration shows the validation messages under the fields', async ({ page }) => {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Register' }).click();
  await page.getByLabel('Username').fill('ab');
  await page.getByLabel('Email', { exact: true }).fill('not-an-email');
  await page.getByLabel('Password', { exact: true }).fill('secret1');
  await page.getByLabel('Confirm password').fill('secret2');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Username must be at least 3 characters')).toBeVisible();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
});

test('a taken username is shown under the field with a Registration failed toast', async ({ page, user }) => {
  await page.request.post('/api/logout');
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Register' }).click();
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Email', { exact: true }).fill(`other_${user.email}`);
  await page.getByLabel('Password', { exact: true }).fill('secret-123');
  await page.getByLabel('Confirm password').fill('secret-123');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Registration failed' })).toBeVisible();
  await expect(page.locator('#register-username-error')).toContainText('already taken');
});

test('a signed-in user logs out and sees Sign In again', async ({ page, user }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await expect(page.getByRole('menu')).toContainText(user.username);
  await expect(page.getByRole('menu')).toContainText(`ID: ${user.id}`);
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' })).toHaveCount(0);
  expect((await page.request.get('/api/user')).status()).toBe(401);
});

test("a wrong password shows 'Login failed'", async ({ page, user }) => {
  await page.request.post('/api/logout');
  await page.goto('/auth');
  await page.getByLabel('Email or username').fill(user.username);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Login failed' })).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
});

test('a user signs in with the form and lands on the home page', async ({ page, user }) => {
  await page.request.post('/api/logout');
  await page.goto('/auth');
  await page.getByLabel('Email or username').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('button', { name: 'Open user menu' })).toBeVisible();
});

test('a signed-in user who opens /auth goes to the home page', async ({ page, user }) => {
  await expectSignedInAs(page, user);
  await page.goto('/auth');
  await expect(page).toHaveURL('/');
});
