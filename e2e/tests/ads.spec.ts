import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { MAIL_DIR, PHOTOS_DIR } from '../constants.ts';
import { expect, gradeCard, signInAsAdmin, signUp, test } from '../fixtures.ts';

/** The subjects of the mails one address received, as the e2e server's SMTP server wrote them. */
function subjectsTo(email: string): string[] {
  return readdirSync(MAIL_DIR)
    .filter((f) => f.endsWith(`-${email}.eml`))
    .map((f) => /^Subject: (.*)$/m.exec(readFileSync(path.join(MAIL_DIR, f), 'utf8'))?.[1] ?? '');
}

const AD_LINK = 'https://sleeves.e2e-ads.example.test/offer';

test(
  'an ad on a shared grading earns its owner their share, which they ask to be paid and an admin pays',
  { tag: '@phone' },
  async ({ page, browser }) => {
    test.slow();
    // The owner grades a card and shares it (page is the visitor, a guest, in the project's browser).
    const owner = await browser.newPage();
    const user = await signUp(owner);
    const gradingId = await gradeCard(owner, { cardName: 'Blastoise', cardSet: 'Base Set', gameBrand: 'Pokemon' });
    expect(
      (await owner.request.patch(`/api/card-gradings/${gradingId}/share`, { data: { shared: true } })).status(),
    ).toBe(200);

    // The admin puts an ad on shared gradings' pages, with its image: $20 an impression, $1 a click.
    const admin = await browser.newPage();
    await signInAsAdmin(admin);
    await admin.goto('/admin');
    await admin.getByRole('tab', { name: 'Ads' }).click();
    await admin.getByRole('button', { name: 'New ad' }).click();
    const dialog = admin.getByRole('dialog');
    const name = `Sleeves for ${user.username}`;
    await dialog.getByLabel('Name', { exact: true }).fill(name);
    await dialog.getByLabel('Link', { exact: true }).fill('javascript:alert(1)');
    await dialog.getByLabel('Shown on', { exact: true }).selectOption('shared_grading');
    await dialog.getByLabel('Per impression ($)').fill('20');
    await dialog.getByLabel('Per click ($)').fill('1');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(
      dialog.getByText('Enter the full address the ad links to, starting with https:// or http://'),
    ).toBeVisible();
    await dialog.getByLabel('Link', { exact: true }).fill(AD_LINK);
    await dialog.getByLabel('Image', { exact: true }).setInputFiles(path.join(PHOTOS_DIR, 'front.jpg'));
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(admin.getByText('Ad saved with its image')).toBeVisible();
    await admin.getByLabel('Search ads').fill(name);
    const adRow = admin.getByRole('row').filter({ hasText: name });
    await expect(adRow).toContainText('Shared gradings');
    await expect(adRow).toContainText('$20.00');
    await expect(adRow).toContainText('On');

    // A visitor opens the shared grading and sees the ad, marked Sponsored; its link goes through the server.
    await page
      .context()
      .route(`${AD_LINK}**`, (route) => route.fulfill({ contentType: 'text/html', body: '<h1>Sleeves</h1>' }));
    await page.goto(`/gallery/${gradingId}`);
    await expect(page.getByRole('heading', { name: 'Blastoise' })).toBeVisible();
    const ad = page.getByRole('complementary', { name: 'Sponsored' });
    await expect(ad).toContainText('Sponsored');
    await expect(ad).toContainText(/Sleeves for e2e_/);
    const link = ad.getByRole('link');
    await expect(link).toHaveAttribute('rel', 'sponsored noopener');
    await expect(link).toHaveAttribute('href', /^\/api\/ads\/click\/\d+\?sig=[\w-]{43}$/);
    await expect
      .poll(() => ad.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    const [opened] = await Promise.all([page.waitForEvent('popup'), link.click()]);
    await expect(opened).toHaveURL(AD_LINK);
    await opened.close();

    // The owner's Earnings: half of the $20 impression and of the $1 click.
    await owner.goto('/profile');
    await owner.getByRole('tab', { name: 'Earnings' }).click();
    await expect(owner.getByTestId('earnings-balance')).toHaveText('$10.50');
    await expect(
      owner.getByText('You earn 50% of what each ad earns there: 1 impression and 1 click so far.'),
    ).toBeVisible();
    await expect(owner.getByTestId('earnings-grading')).toContainText('Blastoise');
    await expect(owner.getByTestId('earnings-grading')).toContainText('$10.50');

    // They ask to be paid: too much first, then their balance.
    await expect(owner.getByLabel('Amount ($)')).toHaveValue('10.50');
    await owner.getByLabel('Amount ($)').fill('11');
    await owner.getByLabel('Pay me by').selectOption('cashapp');
    await owner.getByLabel('Your account').fill('$E2EOwner');
    await owner.getByRole('button', { name: 'Request payout' }).click();
    await expect(owner.getByText('You can ask for at most your balance of $10.50. Lower the amount.')).toBeVisible();
    await owner.getByLabel('Amount ($)').fill('10.50');
    await owner.getByRole('button', { name: 'Request payout' }).click();
    await expect(owner.getByTestId('payout-waiting')).toContainText('Your request of $10.50 to Cash App is waiting');
    await expect(owner.getByTestId('earnings-balance')).toHaveText('$0.00');
    await expect(owner.getByTestId('my-payout')).toContainText('Waiting');

    // The admin pays it with the payment's reference.
    await admin.getByRole('tab', { name: 'Payouts' }).click();
    await admin.getByLabel('Search payouts').fill(user.username);
    const payoutRow = admin.getByRole('row').filter({ hasText: user.username });
    await expect(payoutRow).toContainText('$10.50');
    await expect(payoutRow).toContainText('Cash App $E2EOwner');
    await payoutRow.getByRole('button', { name: 'Pay' }).click();
    await admin.getByLabel('Reference of the payment you sent').fill(`CA-${user.id}`);
    await admin.getByRole('dialog').getByRole('button', { name: 'Mark paid' }).click();
    await expect(admin.getByText('Payout marked paid')).toBeVisible();
    await admin.getByLabel('Payout status').selectOption('');
    await expect(payoutRow.getByTestId('payout-status')).toHaveText('Paid');
    await expect(payoutRow).toContainText(`Reference CA-${user.id}`);

    // The admin turns the ad off.
    await admin.getByRole('tab', { name: 'Ads' }).click();
    await admin.getByLabel('Search ads').fill(name);
    await adRow.getByRole('button', { name: `Edit ${name}` }).click();
    await dialog.getByLabel('On (shown on pages)').uncheck();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(adRow).toContainText('Off');
    await admin.close();

    // The owner sees it paid, with the reference, and the balance back to zero; a mail says so.
    await owner.reload();
    await owner.getByRole('tab', { name: 'Earnings' }).click();
    await expect(owner.getByTestId('my-payout').getByTestId('payout-status')).toHaveText('Paid');
    await expect(owner.getByTestId('my-payout')).toContainText(`reference CA-${user.id}`);
    await expect(owner.getByTestId('earnings-balance')).toHaveText('$0.00');
    await expect(owner.getByTestId('earnings-paid')).toHaveText('$10.50');
    await expect.poll(() => subjectsTo(user.email)).toContain('GradeLens: your ad earnings payout of $10.50 was sent');
    await owner.close();
  },
);
