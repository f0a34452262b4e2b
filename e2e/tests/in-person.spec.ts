import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { MAIL_DIR, PHOTOS_DIR } from '../constants.ts';
import { expect, signInAsAdmin, test } from '../fixtures.ts';

/** The subjects of the mails sent to this address, oldest first (files are named by time, then address). */
function subjectsTo(email: string): string[] {
  return readdirSync(MAIL_DIR)
    .filter((file) => file.endsWith(`-${email}.eml`))
    .sort()
    .map((file) => {
      const raw = readFileSync(path.join(MAIL_DIR, file), 'utf8');
      return /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '';
    });
}

async function fillCard(row: Locator, card: { name: string; set?: string; game: string; value: string }) {
  await row.getByLabel('Card name').fill(card.name);
  if (card.set) await row.getByLabel('Set (optional)').fill(card.set);
  await row.getByLabel('Game or brand').fill(card.game);
  await row.getByLabel('Estimated value ($)').fill(card.value);
}

/** Presses the row's move button, then confirms in the dialog with what the step needs. */
async function moveTo(admin: Page, row: Locator, to: string, extra: { tracking?: string; note?: string } = {}) {
  await row.getByRole('button', { name: `Mark ${to}` }).click();
  const dialog = admin.getByRole('dialog');
  if (extra.tracking) await dialog.getByLabel('Tracking number').fill(extra.tracking);
  if (extra.note) await dialog.getByLabel('Note to the customer (optional)').fill(extra.note);
  await dialog.getByRole('button', { name: `Mark ${to}` }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByTestId('submission-status')).toHaveAttribute('data-status', to);
}

test(
  'a user sends two cards in person, the shop moves and grades them, and the user follows every step',
  { tag: '@phone' },
  async ({ page, user, browser }) => {
    test.slow();
    const customer = `Ash ${user.username}`;
    const charizard = `Charizard ${user.username}`;

    // The form: prefilled for a signed-in user, cards added row by row, the total before sending.
    await page.goto('/submit');
    await expect(page).toHaveTitle('Submit Cards - GradeLens');
    await expect(page.getByLabel('Email')).toHaveValue(user.email);
    await page.getByLabel('Full name').fill(customer);
    await page.getByLabel('Phone').fill('555-123-4567');
    await page.getByLabel('Street address').fill('1 Pallet Road');
    await page.getByLabel('City').fill('Pallet');
    await page.getByLabel('State').fill('KS');
    await page.getByLabel('Zip code').fill('66002');
    const rows = page.getByTestId('card-row');
    await fillCard(rows.nth(0), { name: charizard, set: 'Base Set', game: 'Pokemon', value: '300' });
    const total = page.getByTestId('live-total');
    await expect(total).toHaveText('1 card × $25.00 = $25.00');
    await page.getByRole('button', { name: 'Add another card' }).click();
    await fillCard(rows.nth(1), { name: 'Black Lotus', game: 'Magic', value: '12.50' });
    await expect(total).toHaveText('2 cards × $25.00 = $50.00');
    await page.getByLabel(/Express/).check();
    await expect(total).toHaveText('2 cards × $50.00 = $100.00');
    await page.getByRole('button', { name: 'Send submission' }).click();

    await expect(page).toHaveURL(/\/submissions\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    await expect(page).toHaveTitle(`Submission #${id} - GradeLens`);
    await expect(page.getByTestId('submission-status')).toHaveAttribute('data-status', 'pending');
    await expect(page.getByTestId('submission-total')).toHaveText('$100.00 for 2 cards');
    await expect(page.getByTestId('submitted-card')).toHaveCount(2);

    // The shop: received, grading, one card graded with its photos, shipped with tracking, completed.
    const admin = await browser.newPage();
    await signInAsAdmin(admin);
    await admin.goto('/admin');
    await admin.getByRole('tab', { name: 'In-person' }).click();
    await admin.getByLabel('Search submissions').fill(customer);
    await admin.getByRole('button', { name: 'Search' }).click();
    const row = admin.getByTestId(`submission-${id}`);
    await expect(row).toContainText(customer);
    await expect(row).toContainText(`account ${user.username}`);
    await moveTo(admin, row, 'received', { note: 'Arrived safely.' });
    await moveTo(admin, row, 'grading');

    await row.getByText('Cards (2)').click();
    await row.getByRole('button', { name: `Enter grades for card 1 of submission ${id}` }).click();
    const dialog = admin.getByRole('dialog', { name: 'Enter grades' });
    const grades: [string, string][] = [
      ['Overall', '9'],
      ['Centering', '8'],
      ['Corners', '9'],
      ['Edges', '9'],
      ['Surface', '10'],
    ];
    for (const [label, grade] of grades) await dialog.getByLabel(label, { exact: true }).fill(grade);
    await dialog.getByLabel('Notes (optional)').fill('Sharp corners, clean surface.');
    await dialog.getByLabel('Front photo').setInputFiles(path.join(PHOTOS_DIR, 'front.jpg'));
    await dialog.getByLabel('Back photo').setInputFiles(path.join(PHOTOS_DIR, 'back.jpg'));
    await dialog.getByRole('button', { name: 'Save grades' }).click();
    await expect(dialog).toBeHidden();
    await expect(row.getByRole('link', { name: 'Graded 9' })).toBeVisible();

    await moveTo(admin, row, 'shipped', { tracking: '1Z999AA10123456784', note: 'Sent by UPS.' });
    await moveTo(admin, row, 'completed');
    await admin.close();

    // The customer: the steps with their notes, the tracking number, the graded card and its mark.
    await page.reload();
    await expect(page.getByTestId('submission-status')).toHaveAttribute('data-status', 'completed');
    await expect(page.getByTestId('timeline-step')).toHaveCount(5);
    await expect(page.getByTestId('timeline-step').nth(1)).toContainText('Arrived safely.');
    await expect(page.getByTestId('timeline-step').nth(3)).toContainText('Sent by UPS.');
    await expect(page.getByTestId('tracking-number')).toHaveText('1Z999AA10123456784');
    await expect(page.getByTestId('submitted-card').nth(1)).toContainText('Not graded yet');
    await page.getByRole('link', { name: 'Grade 9: view grading' }).click();
    await expect(page.getByRole('heading', { name: charizard })).toBeVisible();
    await expect(page.getByTestId('graded-in-person')).toHaveText('Graded in person');
    await expect(page.getByTestId('overall-grade')).toHaveText('9');
    await page.getByRole('link', { name: /^Certificate GL-/ }).click();
    await expect(page.getByTestId('graded-in-person')).toBeVisible();
    await expect(page.getByText('Graded by a person with the card in hand.')).toBeVisible();

    await page.goto('/profile');
    const history = page.getByTestId('history-card').filter({ hasText: charizard });
    await expect(history.getByTestId('graded-in-person')).toBeVisible();
    await page.getByRole('tab', { name: 'My submissions' }).click();
    const mine = page.getByTestId('my-submission');
    await expect(mine).toContainText(`Submission #${id}`);
    await expect(mine.getByTestId('submission-status')).toHaveAttribute('data-status', 'completed');

    // A mail at each step: the confirmation, then each move.
    await expect
      .poll(() => subjectsTo(user.email))
      .toEqual(
        ['received', 'received', 'grading', 'shipped', 'completed'].map(
          (step) => `GradeLens in-person grading: submission #${id} ${step}`,
        ),
      );
  },
);

test('a guest sends a card and is told the total, the number to write on the parcel and where to send it', async ({
  page,
}) => {
  const email = `guest_${Date.now().toString(36)}_${process.pid}@example.test`;
  await page.goto('/submit');
  await page.getByLabel('Full name').fill('Misty Waterflower');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone').fill('555 987 6543');
  await page.getByLabel('Street address').fill('2 Cerulean Gym');
  await page.getByLabel('City').fill('Cerulean');
  await page.getByLabel('State').fill('KS');
  await page.getByLabel('Zip code').fill('66003');
  await page.getByRole('button', { name: 'Send submission' }).click();
  // Nothing is sent while the card row is empty: its messages are shown instead.
  await expect(page.getByText('Enter the card name')).toBeVisible();
  await fillCard(page.getByTestId('card-row').first(), { name: 'Starmie', game: 'Pokemon', value: '0.50' });
  await page.getByRole('button', { name: 'Send submission' }).click();
  await expect(page.getByText('Estimated value must be at least $1')).toBeVisible();
  await page.getByLabel('Estimated value ($)').fill('40');
  await page.getByLabel(/Premium/).check();
  await expect(page.getByTestId('live-total')).toHaveText('1 card × $100.00 = $100.00');
  await page.getByRole('button', { name: 'Send submission' }).click();
  const confirmation = page.getByRole('status').filter({ hasText: 'received' });
  await expect(confirmation).toContainText(/Submission #\d+ received/);
  await expect(confirmation).toContainText('1 card, total $100.00');
  await expect(confirmation).toContainText(email);
  // Where to send it: the operator's IN_PERSON_SHIP_TO (e2e/start-server.mjs).
  await expect(confirmation.getByTestId('ship-to')).toContainText(
    /GradeLens Grading\s*12 Slab Street\s*Portland, OR 97201/,
  );
  await expect.poll(() => subjectsTo(email)).toHaveLength(1);
});
