import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { MAIL_DIR, PHOTOS_DIR } from '../constants.ts';
import { expect, expectSignedInAs, gradeCard, newUserData, test, uploadCard } from '../fixtures.ts';

function resetLinkFor(email: string): string | null {
  const file = readdirSync(MAIL_DIR).find((f) => f.endsWith(`-${email}.eml`));
  if (!file) return null;
  const text = readFileSync(path.join(MAIL_DIR, file), 'utf8')
    .replace(/=\r?\n/g, '')
    .replace(/=3D/g, '=');
  return text.match(/https?:\/\/\S+\/forgot-password\?token=[A-Za-z0-9_%-]+/)?.[0] ?? null;
}

test('the profile shows the account, an empty history and the points ledger', async ({ page, user }) => {
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: user.username })).toBeVisible();
  await expect(page.getByText('Account ID')).toBeVisible();
  await expect(
    page.getByText(new Date().toLocaleDateString('en-US', { month: 'long', year: 'numeric' })),
  ).toBeVisible();
  await expect(page.getByText('No grading history yet')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Grade a Card' })).toBeVisible();
  await page.getByRole('tab', { name: 'Points' }).click();
  await expect(page.getByRole('cell', { name: 'Welcome bonus' })).toBeVisible();
  await expect(page.getByRole('cell', { name: '+20' })).toBeVisible();
});

test('the grading history lists graded cards, with N/A and No image where they are missing', async ({ page, user }) => {
  await expectSignedInAs(page, user);
  const graded = await gradeCard(page);
  const uploaded = await uploadCard(page);
  const { items: mine }: { items: { id: number; overallGrade: number; backImagePath: string }[] } = await (
    await page.request.get('/api/my/card-gradings')
  ).json();
  const gradedCard = mine.find((c) => c.id === graded)!;
  await page.route(`**${mine.find((c) => c.id === uploaded)!.backImagePath}`, (route) =>
    route.fulfill({ status: 404, body: '' }),
  );

  await page.goto('/profile');
  await expect(page.getByText('2 card(s) graded')).toBeVisible();
  const cards = page.getByTestId('history-card');
  await expect(cards).toHaveCount(2);
  const first = cards.filter({ hasText: 'Blastoise' });
  await expect(first).toContainText(`ID: ${graded}`);
  await expect(first).toContainText('Base Set');
  await expect(first).toContainText('Pokemon');
  await expect(first.getByText(String(gradedCard.overallGrade), { exact: true })).toBeVisible();
  await expect(first).toContainText(/Corners \d+ · Edges \d+ · Surface \d+ · Centering \d+/);
  await expect(first.getByRole('img', { name: 'Front' })).toBeVisible();
  await expect(first.getByRole('link', { name: 'View Details' })).toHaveAttribute('href', `/card/${graded}`);

  const second = cards.filter({ hasText: `Card #${uploaded}` });
  await expect(second.getByText('N/A', { exact: true })).toBeVisible();
  await expect(second).toContainText('Corners N/A · Edges N/A · Surface N/A · Centering N/A');
  await expect(second.getByText('No image')).toBeVisible();
  // An upload never graded is a draft: it says so, and goes on where it stopped.
  await expect(second.getByTestId('draft-note')).toContainText('Drafts are deleted 30 days after upload');
  await second.getByRole('link', { name: 'Continue' }).click();
  await expect(page).toHaveURL(`/?draft=${uploaded}`);
  await expect(page.getByRole('heading', { name: 'Check the card’s outline' })).toBeVisible();
});

test('a new profile picture is shown, and a file that is not an image is refused', async ({ page, user }) => {
  await page.goto('/profile');
  const file = page.getByTestId('profile-picture-file');
  await file.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture at all') });
  const failed = page.getByRole('alert').filter({ hasText: 'Failed to update profile picture' });
  await expect(failed).toContainText('not a photo in a format we take. Send a JPEG, PNG, WebP, HEIC or AVIF photo.');
  await expect(page.getByRole('button', { name: 'Change profile picture' }).locator('img')).toHaveCount(0);

  await file.setInputFiles(path.join(PHOTOS_DIR, 'front.jpg'));
  await expect(page.getByRole('status').filter({ hasText: 'Profile picture updated' })).toBeVisible();
  const avatar = page.getByRole('button', { name: 'Change profile picture' }).locator('img');
  await expect(avatar).toHaveAttribute('src', /^\/.+\.jpg$/);
  expect((await page.request.get((await avatar.getAttribute('src'))!)).headers()['content-type']).toContain(
    'image/jpeg',
  );
  const me = await (await page.request.get('/api/user')).json();
  expect(me).toMatchObject({ id: user.id, profilePicturePath: await avatar.getAttribute('src') });
});

test('Sign Out on the profile goes home, and a failed logout says so and keeps the user signed in', async ({
  page,
  user,
}) => {
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  await page.route('**/api/logout', (route) =>
    route.fulfill({ status: 500, json: { message: 'The session store is unavailable.' } }),
  );
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Logout failed' })).toContainText(
    'The session store is unavailable.',
  );
  expect(consoleErrors.some((text) => text.includes('Logout failed'))).toBe(true);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: user.username })).toBeVisible();

  await page.unroute('**/api/logout');
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
  expect((await page.request.get('/api/user')).status()).toBe(401);
});

test('a user changes their email and their password', async ({ page, user }) => {
  await page.goto('/profile');
  await page.getByRole('tab', { name: 'Account Settings' }).click();
  const emailForm = page.getByRole('form', { name: 'Change email' });
  const update = emailForm.getByRole('button', { name: 'Update Email' });
  await expect(update).toBeDisabled();
  const newEmail = `new_${user.email}`;
  await emailForm.getByLabel('Email address').fill(newEmail);
  await expect(update).toBeDisabled();
  await emailForm.getByLabel('Current password').fill(user.password);
  await update.click();
  await expect(page.getByText('Email updated')).toBeVisible();
  await expect(page.getByTestId('current-email')).toHaveText(newEmail);
  await expect(emailForm.getByLabel('Current password')).toHaveValue('');
  await expect(update).toBeDisabled();

  const passwordForm = page.getByRole('form', { name: 'Change password' });
  const change = passwordForm.getByRole('button', { name: 'Change Password' });
  await expect(change).toBeDisabled();
  await passwordForm.getByLabel('Current password').fill(user.password);
  await passwordForm.getByLabel('New password', { exact: true }).fill('brand-new-pass');
  await passwordForm.getByLabel('Confirm new password').fill('brand-new-pasz');
  await change.click();
  await expect(page.getByText("Passwords don't match")).toBeVisible();
  await passwordForm.getByLabel('Confirm new password').fill('brand-new-pass');
  await change.click();
  await expect(page.getByText('Password Changed', { exact: true })).toBeVisible();
  await expect(passwordForm.getByLabel('Current password')).toHaveValue('');
  const login = await page.request.post('/api/login', {
    data: { emailOrUsername: newEmail, password: 'brand-new-pass' },
  });
  expect(login.status()).toBe(200);
});

test('a taken email and a wrong current password are refused with their messages', async ({ page, request, user }) => {
  const other = newUserData();
  expect((await request.post('/api/register', { data: { ...other, confirmPassword: other.password } })).status()).toBe(
    201,
  );
  await page.goto('/profile');
  await page.getByRole('tab', { name: 'Account Settings' }).click();
  const emailForm = page.getByRole('form', { name: 'Change email' });
  await emailForm.getByLabel('Email address').fill(other.email);
  await emailForm.getByLabel('Current password').fill('not-my-password');
  await emailForm.getByRole('button', { name: 'Update Email' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to update email' })).toContainText(
    'Current password is incorrect',
  );
  await expect(page.locator('#settings-email-password-error')).toHaveText('Current password is incorrect');

  await emailForm.getByLabel('Current password').fill(user.password);
  await emailForm.getByRole('button', { name: 'Update Email' }).click();
  const taken = 'Another account already uses that email. Use a different one.';
  await expect(
    page.getByRole('alert').filter({ hasText: 'Failed to update email' }).filter({ hasText: taken }),
  ).toBeVisible();
  await expect(page.locator('#settings-email-error')).toHaveText(taken);
  await expect(page.getByTestId('current-email')).toHaveText(user.email);

  const passwordForm = page.getByRole('form', { name: 'Change password' });
  await passwordForm.getByLabel('Current password').fill('not-my-password');
  await passwordForm.getByLabel('New password', { exact: true }).fill('brand-new-pass');
  await passwordForm.getByLabel('Confirm new password').fill('brand-new-pass');
  await passwordForm.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Password Change Failed' })).toContainText(
    'Current password is incorrect',
  );
  await expect(page.locator('#pw-current-error')).toHaveText('Current password is incorrect');
  expect(
    (await request.post('/api/login', { data: { emailOrUsername: user.username, password: user.password } })).status(),
  ).toBe(200);
});

test('a user who forgot the password resets it through the link in the mail', async ({ page, user }) => {
  await page.request.post('/api/logout');
  await page.goto('/auth');
  await page.getByRole('link', { name: 'Forgot Password?' }).click();
  // The sign-in form's 'Email or username' stays until the route changes: fill the reset form's own field.
  await expect(page.getByRole('heading', { name: 'Forgot password' })).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(user.email);
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

  await page.goto(link.pathname + link.search);
  await page.getByLabel('New password').fill('reset-twice-1');
  await page.getByLabel('Confirm password').fill('reset-twice-1');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Password Reset Failed' })).toContainText('already used');
});

test('buying a package ends with the pending payment listed', { tag: '@phone' }, async ({ page, user }) => {
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

async function openPaymentDialog(page: Page, method: RegExp) {
  await page.goto('/payment');
  await page.getByTestId('package-basic').getByRole('button', { name: 'Select Package' }).click();
  const dialog = page.getByRole('dialog', { name: 'Payment Instructions' });
  await dialog.getByRole('radio', { name: method }).click();
  return dialog;
}

test('a transaction id already submitted for the same method is refused', async ({ page, user }) => {
  const transactionId = `CA-${user.username}`;
  expect(
    (
      await page.request.post('/api/manual-payment', {
        data: { packageId: 'basic', paymentMethod: 'cashapp', transactionId },
      })
    ).status(),
  ).toBeLessThan(300);
  const dialog = await openPaymentDialog(page, /Cash App/);
  await dialog.getByLabel('3. Payment ID or reference').fill(transactionId);
  await dialog.getByRole('button', { name: 'Submit Payment' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Error submitting payment' })).toContainText(
    'already been submitted',
  );
  await expect(dialog).toBeVisible();
  await expect(page.getByTestId('my-payment')).toHaveCount(1);
});

test('the copy button puts the receiving account on the clipboard', async ({ page, context, user }) => {
  await expectSignedInAs(page, user);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const dialog = await openPaymentDialog(page, /Venmo/);
  const account = (await dialog.getByTestId('receiving-account').textContent())!;
  expect(account).not.toBe('');
  await dialog.getByRole('button', { name: 'Copy account' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Copied to clipboard!' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(account);
});

test('without the Clipboard API the account is copied by selection, and a refused copy says so', async ({
  page,
  user,
}) => {
  await expectSignedInAs(page, user);
  // An insecure page has no navigator.clipboard; the flag decides whether the old copy command works.
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'clipboard', { value: undefined });
    const copies: string[] = [];
    Object.assign(window, { copies, copyAllowed: true });
    document.execCommand = (command: string) => {
      copies.push(`${command}:${window.getSelection()?.toString()}`);
      return (window as unknown as { copyAllowed: boolean }).copyAllowed;
    };
  });
  const dialog = await openPaymentDialog(page, /PayPal/);
  const account = (await dialog.getByTestId('receiving-account').textContent())!;
  await dialog.getByRole('button', { name: 'Copy account' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Copied to clipboard!' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { copies: string[] }).copies)).toEqual([`copy:${account}`]);

  await page.evaluate(() => Object.assign(window, { copyAllowed: false }));
  await dialog.getByRole('button', { name: 'Copy account' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Copy failed' })).toContainText('copy it with Ctrl+C');
  await expect(page.getByRole('status').filter({ hasText: 'Copied to clipboard!' })).toHaveCount(0);
  expect(await page.evaluate(() => window.getSelection()?.toString())).toBe(account);
});

test('payment details that fail to load are reported', async ({ page, user }) => {
  await expectSignedInAs(page, user);
  await page.route('**/api/payment/accounts', (route) =>
    route.fulfill({ status: 500, json: { message: 'Database unavailable.' } }),
  );
  await page.goto('/payment');
  await expect(page.getByRole('alert').filter({ hasText: 'Error loading payment details' })).toContainText(
    'Please try refreshing the page',
  );
});

test('the marketplace opens the two stores in a new tab', { tag: '@phone' }, async ({ page }) => {
  let release = () => {};
  const settingsHeld = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/site-settings', async (route) => {
    await settingsHeld;
    await route.continue();
  });
  await page.goto('/marketplace');
  // Until the addresses are known the buttons are there but lead nowhere.
  for (const name of ['Visit live store', 'Visit resale store'])
    await expect(page.getByRole('button', { name })).toBeDisabled();
  await expect(page.getByRole('link', { name: /Visit/ })).toHaveCount(0);
  release();
  for (const name of ['Visit live store', 'Visit resale store']) {
    const link = page.getByRole('link', { name });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('href', /^https:\/\//);
  }
});

test(
  'with no payment account or store configured, nothing invented is shown: purchases are not set up, and no store is linked',
  { tag: '@phone' },
  async ({ page, user }) => {
    expect((await (await page.request.get('/api/user')).json()).username).toBe(user.username);
    // The server's answer for a site without settings (its own behaviour has API tests).
    await page.route('**/api/payment/accounts', (route) =>
      route.fulfill({ json: { accounts: {}, packages: { basic: { name: 'Basic', points: 100, price: 5 } } } }),
    );
    await page.route('**/api/site-settings', (route) =>
      route.fulfill({ json: { marketplace: { liveStoreUrl: null, resaleStoreUrl: null } } }),
    );
    await page.goto('/payment');
    await expect(page.getByTestId('purchases-not-set-up')).toContainText(
      'Buying points is not set up on this site yet',
    );
    await expect(page.getByRole('button', { name: 'Select Package' })).toHaveCount(0);
    await page.goto('/marketplace');
    await expect(page.getByTestId('no-stores')).toBeVisible();
    await expect(page.getByRole('link', { name: /Visit/ })).toHaveCount(0);
  },
);
