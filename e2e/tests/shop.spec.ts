import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { MAIL_DIR, PHOTOS_DIR } from '../constants.ts';
import { expect, signInAsAdmin, signUp, test } from '../fixtures.ts';

/** The subjects of the mails one address received, as the e2e server's SMTP server wrote them. */
function subjectsTo(email: string): string[] {
  return readdirSync(MAIL_DIR)
    .filter((f) => f.endsWith(`-${email}.eml`))
    .map((f) => /^Subject: (.*)$/m.exec(readFileSync(path.join(MAIL_DIR, f), 'utf8'))?.[1] ?? '');
}

test(
  'an admin adds a product with its picture; a user buys two, pays, and follows the order to delivery',
  { tag: '@phone' },
  async ({ page, browser }) => {
    const buyer = await signUp(page);
    const name = `Top loaders ${buyer.username}`;

    // The admin puts the product on sale, with a picture, from the Products tab.
    const admin = await browser.newPage();
    await signInAsAdmin(admin);
    await admin.goto('/admin');
    await admin.getByRole('tab', { name: 'Products' }).click();
    await admin.getByRole('button', { name: 'New product' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Price ($)').fill('0');
    await dialog.getByLabel('Stock').fill('5');
    await dialog.getByLabel('Category').fill('Storage');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Price must be at least $0.01, in dollars and cents, such as 12.50')).toBeVisible();
    await dialog.getByLabel('Price ($)').fill('7.5');
    await dialog.getByLabel('Picture').setInputFiles(path.join(PHOTOS_DIR, 'front.jpg'));
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(admin.getByText('Product saved with its picture')).toBeVisible();
    await admin.getByLabel('Search products').fill(name);
    await expect(admin.getByRole('row').filter({ hasText: name })).toContainText('$7.50');

    // The user finds it in the shop and buys two.
    await page.goto('/shop');
    await page.getByLabel('Search the shop').fill(buyer.username);
    const card = page.getByTestId('product-card').filter({ hasText: name });
    await expect(card).toContainText('$7.50');
    await expect
      .poll(() => card.getByRole('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    await card.click();
    await expect(page.getByRole('heading', { name })).toBeVisible();
    await page.getByLabel('Quantity').fill('2');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByText('Added to your cart')).toBeVisible();
    await page.getByRole('link', { name: 'View cart' }).click();
    await expect(page.getByTestId('cart-line')).toContainText(name);
    await expect(page.getByTestId('cart-total')).toHaveText('$15.00');
    await page.getByLabel('Shipping address').fill('Kanto');
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page.getByText('Please provide a complete shipping address')).toBeVisible();
    await page.getByLabel('Shipping address').fill('Ash Ketchum\n1 Pallet Town Road\nKanto 00001');
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page).toHaveURL(/\/orders\/\d+$/);
    const orderId = Number(page.url().split('/').pop());
    await expect(page.getByTestId('order-status')).toHaveText('Awaiting payment');
    await expect(page.getByTestId('order-total')).toHaveText('$15.00');

    // Pays by one of the configured apps, with the reference as it will be recorded.
    await page.getByRole('radio', { name: /Cash App/ }).click();
    await expect(page.getByTestId('receiving-account')).toHaveText('$E2EShop');
    await page.getByLabel('3. Payment ID or reference').fill(`ca-${orderId}-${buyer.id}`);
    await expect(page.getByTestId('recorded-reference')).toHaveText(`Recorded as: CA${orderId}${buyer.id}`);
    await page.getByRole('button', { name: 'Send payment reference' }).click();
    await expect(page.getByTestId('payment-waiting')).toContainText(`CA${orderId}${buyer.id}`);

    // The admin confirms the payment, ships with a tracking number, then marks it delivered.
    await admin.getByRole('tab', { name: 'Orders' }).click();
    await admin.getByLabel('Search orders').fill(`#${orderId}`);
    const row = admin.getByTestId(`order-row-${orderId}`);
    await expect(row).toContainText(buyer.username);
    await row.getByRole('button', { name: 'Confirm payment' }).click();
    await expect(row.getByTestId('order-status')).toHaveText('Paid');
    await row.getByRole('button', { name: 'Mark shipped' }).click();
    await admin.getByLabel('Tracking number').fill('1Z999AA10123456784');
    await admin.getByRole('dialog').getByRole('button', { name: 'Mark shipped' }).click();
    await expect(row.getByTestId('order-status')).toHaveText('Shipped');
    await row.getByRole('button', { name: 'Mark delivered' }).click();
    await expect(row.getByTestId('order-status')).toHaveText('Delivered');
    await admin.close();

    // The buyer sees the delivered order, its tracking number and steps, in the profile too.
    await page.reload();
    await expect(page.getByTestId('order-status')).toHaveText('Delivered');
    await expect(page.getByTestId('tracking-number')).toHaveText('1Z999AA10123456784');
    await expect(page.getByTestId('order-timeline').getByRole('listitem')).toHaveCount(4);
    await page.goto('/profile');
    await page.getByRole('tab', { name: 'Orders' }).click();
    await expect(page.getByTestId('my-order').filter({ hasText: `Order #${orderId}` })).toContainText('Delivered');
    // Stock went from 5 to 3.
    await page.goto('/shop');
    await page.getByLabel('Search the shop').fill(buyer.username);
    await expect(page.getByTestId('product-card').filter({ hasText: name })).toContainText('3 in stock');
    // A mail at each step.
    await expect
      .poll(() => subjectsTo(buyer.email).sort())
      .toEqual(
        [
          `GradeLens: Order #${orderId} received`,
          `GradeLens: Order #${orderId}: payment received for checking`,
          `GradeLens: Order #${orderId}: payment confirmed`,
          `GradeLens: Order #${orderId} has shipped`,
          `GradeLens: Order #${orderId} delivered`,
        ].sort(),
      );
  },
);

test('a guest is asked to sign in to buy; a buyer cancels an order awaiting payment, which nobody else can open', async ({
  page,
  browser,
}) => {
  const admin = await browser.newPage();
  await signInAsAdmin(admin);
  const created = await admin.request.post('/api/admin/products', {
    data: { name: `Penny sleeves ${Date.now()}`, price: '1.25', stock: 3 },
  });
  expect(created.status()).toBe(201);
  const product = (await created.json()) as { id: number; name: string };
  await admin.close();

  await page.goto(`/shop/${product.id}`);
  await expect(page.getByTestId('product-price')).toHaveText('$1.25');
  await page.getByRole('link', { name: 'Sign in to buy' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await signUp(page);
  await page.goto('/cart');
  await expect(page.getByText('Your cart is empty.')).toBeVisible();
  await page.goto(`/shop/${product.id}`);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.goto('/cart');
  await expect(page.getByTestId('cart-total')).toHaveText('$1.25');
  await page.getByLabel('Shipping address').fill('Misty Waterflower, 2 Cerulean Street');
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/orders\/\d+$/);
  const orderId = page.url().split('/').pop();

  // Another user is told there is no such order; the buyer cancels it while awaiting payment.
  const other = await browser.newPage();
  await signUp(other);
  await other.goto(`/orders/${orderId}`);
  await expect(other.getByRole('heading', { name: 'Order not found' })).toBeVisible();
  await other.close();
  await page.getByRole('button', { name: 'Cancel this order' }).click();
  await expect(page.getByTestId('order-status')).toHaveText('Cancelled');
});
