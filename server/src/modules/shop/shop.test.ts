import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, statusChanges } from '../../db/schema.ts';
import { rolesFor } from '../../../test/support/admin.ts';
import { createTestApp, type TestApp } from '../../../test/support/app.ts';
import { createUser, signIn, unique } from '../../../test/support/factories.ts';
import { jpegOf, multipart } from '../../../test/support/images.ts';
import { mailsWith, startSmtpCapture } from '../../../test/support/smtp.ts';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let roles: Awaited<ReturnType<typeof rolesFor>>;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://cards.example.test' });
  roles = await rolesFor(t);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, cookie?: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function newProduct(fields: Record<string, unknown> = {}) {
  const response = await call('POST', '/api/admin/products', roles.admin.cookie, {
    name: unique('Booster'),
    price: '4.99',
    stock: 10,
    ...fields,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; name: string; price: string; stock: number };
}

async function shopper() {
  const user = await createUser(t.db);
  return { ...user, cookie: await signIn(t.app, user) };
}

async function placeOrder(cookie: string, lines: { productId: number; quantity: number }[]) {
  for (const line of lines) expect((await call('POST', '/api/cart/items', cookie, line)).statusCode).toBe(201);
  const response = await call('POST', '/api/orders', cookie, { shippingAddress: '12 Pallet Town Road, Kanto 00001' });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const stockOf = async (id: number) =>
  (await t.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]!.stock;

const mailsTo = (to: string, subject: string) => mailsWith(smtp.mails, to, subject);

describe('products', () => {
  it('are created and changed by admins only, with every rule checked', async () => {
    const body = { name: unique('Sleeves'), price: '3.50', stock: 5 };
    expect((await call('POST', '/api/admin/products', undefined, body)).statusCode).toBe(401);
    expect((await call('POST', '/api/admin/products', roles.user.cookie, body)).statusCode).toBe(403);
    const bad = await call('POST', '/api/admin/products', roles.admin.cookie, { name: ' ', price: '0', stock: -1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({
      name: 'Product name is required',
      price: 'Price must be at least $0.01, in dollars and cents, such as 12.50',
      stock: 'Stock must be a whole number from 0',
    });
    const cents = await call('POST', '/api/admin/products', roles.admin.cookie, { ...body, price: '1.999' });
    expect(cents.json().fields.price).toMatch(/dollars and cents/);

    const created = await call('POST', '/api/admin/products', roles.admin.cookie, { ...body, price: 3.5 });
    expect(created.json()).toMatchObject({ price: '3.50', stock: 5, featured: false, active: true });
    const id = created.json().id as number;
    expect((await call('PATCH', `/api/admin/products/${id}`, roles.user.cookie, { stock: 1 })).statusCode).toBe(403);
    const changed = await call('PATCH', `/api/admin/products/${id}`, roles.admin.cookie, {
      price: '4',
      featured: true,
    });
    expect(changed.json()).toMatchObject({ price: '4.00', featured: true, stock: 5 });
    expect((await call('PATCH', `/api/admin/products/${id}`, roles.admin.cookie, {})).statusCode).toBe(400);
    expect((await call('PATCH', '/api/admin/products/999999', roles.admin.cookie, { stock: 1 })).statusCode).toBe(404);
  });

  it('are listed for everyone when on sale: featured first, by category or words, paged', async () => {
    const category = unique('cat');
    const plain = await newProduct({ category, description: 'Ultra pro sleeves' });
    const featured = await newProduct({ category, featured: true });
    const hidden = await newProduct({ category, active: false });
    const page = await call('GET', `/api/products?category=${category}`);
    expect(page.statusCode).toBe(200);
    expect(page.json().items.map((p: { id: number }) => p.id)).toEqual([featured.id, plain.id]);
    expect(page.json().total).toBe(2);
    expect(page.json().categories).toContain(category);
    const words = await call('GET', `/api/products?category=${category}&q=ultra%20PRO`);
    expect(words.json().items.map((p: { id: number }) => p.id)).toEqual([plain.id]);
    const onlyFeatured = await call('GET', `/api/products?category=${category}&featured=true`);
    expect(onlyFeatured.json().items.map((p: { id: number }) => p.id)).toEqual([featured.id]);
    const paged = await call('GET', `/api/products?category=${category}&pageSize=1&page=2`);
    expect(paged.json()).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(paged.json().items.map((p: { id: number }) => p.id)).toEqual([plain.id]);
    expect((await call('GET', `/api/products/${plain.id}`)).json()).toMatchObject({ id: plain.id, price: '4.99' });
    expect((await call('GET', `/api/products/${hidden.id}`)).statusCode).toBe(404);
    // Admins see every product, on sale or not.
    const all = await call('GET', `/api/admin/products?q=${hidden.id}`, roles.admin.cookie);
    expect(all.json().items.map((p: { id: number }) => p.id)).toContain(hidden.id);
    expect((await call('GET', '/api/admin/products', roles.user.cookie)).statusCode).toBe(403);
  });

  it('take a picture through the photo pipeline, which anyone may then see', async () => {
    const product = await newProduct();
    const form = multipart({ image: { data: await jpegOf(1600, 1200), filename: 'box.jpg', type: 'image/jpeg' } });
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/admin/products/${product.id}/image`,
      headers: { ...form.headers, cookie: roles.user.cookie },
      payload: form.payload,
    });
    expect(refused.statusCode).toBe(403);
    const stored = await t.app.inject({
      method: 'POST',
      url: `/api/admin/products/${product.id}/image`,
      headers: { ...form.headers, cookie: roles.admin.cookie },
      payload: form.payload,
    });
    expect(stored.statusCode, stored.body).toBe(200);
    const imageUrl = stored.json().imageUrl as string;
    expect(imageUrl).toMatch(/^\/uploads\/[0-9a-f]{32}\.webp$/);
    const served = await t.app.inject({ method: 'GET', url: imageUrl });
    expect([served.statusCode, served.headers['content-type']]).toEqual([200, 'image/webp']);
    const text = multipart({ image: { data: Buffer.from('not a picture'), filename: 'x.jpg', type: 'image/jpeg' } });
    const notAPhoto = await t.app.inject({
      method: 'POST',
      url: `/api/admin/products/${product.id}/image`,
      headers: { ...text.headers, cookie: roles.admin.cookie },
      payload: text.payload,
    });
    expect(notAPhoto.statusCode).toBe(415);
  });
});

describe('the cart', () => {
  it('is for signed-in users: adds, increments up to the stock, changes and removes lines', async () => {
    const product = await newProduct({ price: '0.10', stock: 3 });
    const buyer = await shopper();
    expect((await call('GET', '/api/cart')).statusCode).toBe(401);
    expect((await call('POST', '/api/cart/items', undefined, { productId: product.id })).statusCode).toBe(401);
    const first = await call('POST', '/api/cart/items', buyer.cookie, { productId: product.id });
    expect(first.json()).toMatchObject({
      items: [{ productId: product.id, name: product.name, unitPrice: '0.10', quantity: 1, lineTotal: '0.10' }],
      total: '0.10',
      orderable: true,
    });
    const more = await call('POST', '/api/cart/items', buyer.cookie, { productId: product.id, quantity: 2 });
    expect(more.json().items[0]).toMatchObject({ quantity: 3, lineTotal: '0.30' });
    const tooMany = await call('POST', '/api/cart/items', buyer.cookie, { productId: product.id });
    expect([tooMany.statusCode, tooMany.json().message]).toEqual([
      409,
      `Only 3 of ${product.name} are left. Choose 3 or fewer.`,
    ]);
    const itemId = more.json().items[0].id as number;
    expect((await call('PATCH', `/api/cart/items/${itemId}`, buyer.cookie, { quantity: 0 })).json().message).toBe(
      'Quantity must be at least 1',
    );
    expect((await call('PATCH', `/api/cart/items/${itemId}`, buyer.cookie, { quantity: 4 })).statusCode).toBe(409);
    expect((await call('PATCH', `/api/cart/items/${itemId}`, buyer.cookie, { quantity: 2 })).json().total).toBe('0.20');
    // Another user's line does not exist for them.
    expect((await call('PATCH', `/api/cart/items/${itemId}`, roles.other.cookie, { quantity: 1 })).statusCode).toBe(
      404,
    );
    expect((await call('DELETE', `/api/cart/items/${itemId}`, roles.other.cookie)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/cart/items/${itemId}`, buyer.cookie)).json()).toEqual({
      items: [],
      total: '0.00',
      orderable: false,
    });
  });

  it('refuses a product not on sale, and says so of one that stopped being sold or sold out', async () => {
    const stopped = await newProduct({ stock: 2 });
    const soldOut = await newProduct({ stock: 1 });
    const hidden = await newProduct({ active: false });
    const buyer = await shopper();
    expect((await call('POST', '/api/cart/items', buyer.cookie, { productId: hidden.id })).statusCode).toBe(404);
    expect((await call('POST', '/api/cart/items', buyer.cookie, { productId: 2_147_483_648 })).statusCode).toBe(400);
    await call('POST', '/api/cart/items', buyer.cookie, { productId: stopped.id });
    await call('POST', '/api/cart/items', buyer.cookie, { productId: soldOut.id });
    await call('PATCH', `/api/admin/products/${stopped.id}`, roles.admin.cookie, { active: false });
    await call('PATCH', `/api/admin/products/${soldOut.id}`, roles.admin.cookie, { stock: 0 });
    const cart = (await call('GET', '/api/cart', buyer.cookie)).json();
    expect(cart.orderable).toBe(false);
    expect(cart.items.map((i: { problem: string; problemText: string }) => [i.problem, i.problemText])).toEqual([
      ['unavailable', 'No longer sold. Remove it to check out.'],
      ['sold_out', 'Sold out. Remove it to check out.'],
    ]);
    const order = await call('POST', '/api/orders', buyer.cookie, { shippingAddress: '1 Cerulean Street, Kanto' });
    expect([order.statusCode, order.json().message]).toEqual([
      409,
      `${stopped.name} is no longer sold. Remove it from your cart and order again.`,
    ]);
  });
});

describe('orders', () => {
  it('need a complete shipping address and a cart with something in it', async () => {
    const buyer = await shopper();
    const short = await call('POST', '/api/orders', buyer.cookie, { shippingAddress: '1 Road' });
    expect([short.statusCode, short.json().message]).toEqual([400, 'Please provide a complete shipping address']);
    const empty = await call('POST', '/api/orders', buyer.cookie, { shippingAddress: '12 Pallet Town Road, Kanto' });
    expect([empty.statusCode, empty.json().message]).toEqual([
      400,
      'Your cart is empty. Add a product from the shop before checking out.',
    ]);
    expect((await call('POST', '/api/orders', undefined, { shippingAddress: '12 Pallet Town Road' })).statusCode).toBe(
      401,
    );
  });

  it('take the stock, keep the prices of the day, empty the cart and add up in cents', async () => {
    const dime = await newProduct({ price: '0.10', stock: 5 });
    const fifth = await newProduct({ price: '0.20', stock: 5 });
    const buyer = await shopper();
    const order = await placeOrder(buyer.cookie, [
      { productId: dime.id, quantity: 3 },
      { productId: fifth.id, quantity: 1 },
    ]);
    expect(order).toMatchObject({ status: 'pending', totalAmount: '0.50', payment: null });
    expect(order.items).toEqual([
      { productId: dime.id, name: dime.name, quantity: 3, unitPrice: '0.10', lineTotal: '0.30' },
      { productId: fifth.id, name: fifth.name, quantity: 1, unitPrice: '0.20', lineTotal: '0.20' },
    ]);
    expect(await stockOf(dime.id)).toBe(2);
    expect((await call('GET', '/api/cart', buyer.cookie)).json().items).toEqual([]);
    // A later price change leaves the order as it was.
    await call('PATCH', `/api/admin/products/${dime.id}`, roles.admin.cookie, { price: '9.99' });
    const again = (await call('GET', `/api/orders/${order.id}`, buyer.cookie)).json();
    expect([again.totalAmount, again.items[0].unitPrice]).toEqual(['0.50', '0.10']);
    expect(again.timeline).toEqual([expect.objectContaining({ from: null, to: 'pending', note: 'Order placed' })]);
    const mail = (await mailsTo(buyer.email, `Order #${order.id} received`))[0]!;
    expect(mail).toContain('Pay $0.50 by one of these');
    expect(mail).toContain('venmo: @test-shop');
    expect(mail).toContain(`https://cards.example.test/orders/${order.id}`);
  });

  it('say which product there is not enough of, and take nothing', async () => {
    const plenty = await newProduct({ stock: 5 });
    const scarce = await newProduct({ stock: 2 });
    const buyer = await shopper();
    await call('POST', '/api/cart/items', buyer.cookie, { productId: plenty.id, quantity: 2 });
    await call('POST', '/api/cart/items', buyer.cookie, { productId: scarce.id, quantity: 2 });
    await call('PATCH', `/api/admin/products/${scarce.id}`, roles.admin.cookie, { stock: 1 });
    const refused = await call('POST', '/api/orders', buyer.cookie, { shippingAddress: '12 Pallet Town Road, Kanto' });
    expect([refused.statusCode, refused.json().message]).toEqual([
      409,
      `Not enough ${scarce.name} in stock: you asked for 2, 1 is left. Lower the quantity in your cart and order again.`,
    ]);
    expect([await stockOf(plenty.id), await stockOf(scarce.id)]).toEqual([5, 1]);
    expect((await call('GET', '/api/cart', buyer.cookie)).json().items).toHaveLength(2);
  });

  it('of twenty buyers racing for the last one, exactly one gets it and the stock never goes below zero', async () => {
    const last = await newProduct({ stock: 1 });
    const buyers = await Promise.all(Array.from({ length: 20 }, shopper));
    for (const buyer of buyers) await call('POST', '/api/cart/items', buyer.cookie, { productId: last.id });
    const answers = await Promise.all(
      buyers.map((buyer) =>
        call('POST', '/api/orders', buyer.cookie, { shippingAddress: '12 Pallet Town Road, Kanto' }),
      ),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    expect(await stockOf(last.id)).toBe(0);
  });

  it('are seen by their buyer and admins only', async () => {
    const product = await newProduct();
    const buyer = await shopper();
    const order = await placeOrder(buyer.cookie, [{ productId: product.id, quantity: 1 }]);
    expect((await call('GET', `/api/orders/${order.id}`)).statusCode).toBe(401);
    expect((await call('GET', `/api/orders/${order.id}`, roles.other.cookie)).statusCode).toBe(404);
    expect((await call('GET', `/api/orders/${order.id}`, roles.admin.cookie)).json().buyer).toEqual({
      id: buyer.id,
      username: buyer.username,
      email: buyer.email,
    });
    const own = (await call('GET', '/api/orders', buyer.cookie)).json();
    expect(own).toMatchObject({ total: 1, items: [{ id: order.id, totalAmount: '4.99' }] });
    expect((await call('GET', '/api/orders', roles.other.cookie)).json().items).not.toContainEqual(
      expect.objectContaining({ id: order.id }),
    );
    const byBuyer = await call('GET', `/api/admin/orders?q=${buyer.username}`, roles.admin.cookie);
    expect(byBuyer.json().items.map((o: { id: number }) => o.id)).toEqual([order.id]);
    const byNumber = await call('GET', `/api/admin/orders?q=%23${order.id}&status=pending`, roles.admin.cookie);
    expect(byNumber.json().items.map((o: { id: number }) => o.id)).toContain(order.id);
    expect((await call('GET', '/api/admin/orders', roles.user.cookie)).statusCode).toBe(403);
  });
});

describe('paying for an order and moving it on', () => {
  it('takes a transaction id once, which an admin confirms; then ships with tracking and is delivered', async () => {
    const product = await newProduct({ stock: 4 });
    const buyer = await shopper();
    const order = await placeOrder(buyer.cookie, [{ productId: product.id, quantity: 2 }]);
    const pay = (cookie: string, transactionId: string, paymentMethod = 'venmo') =>
      call('POST', `/api/orders/${order.id}/payment`, cookie, { paymentMethod, transactionId });
    expect((await pay(roles.other.cookie, 'abc-123')).statusCode).toBe(404);
    // Admins look at orders; they do not pay for someone else's.
    expect((await pay(roles.admin.cookie, 'abc-123')).statusCode).toBe(404);
    const txn = unique('TXN').toUpperCase().replace(/_/g, '');
    const paid = await pay(buyer.cookie, ` ${txn.slice(0, 4)}-${txn.slice(4)} `);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'pending', payment: { method: 'venmo', transactionId: txn } });
    expect((await pay(buyer.cookie, unique('other'))).json().message).toBe(
      'A payment for this order is already waiting for confirmation. Nothing was changed.',
    );
    await mailsTo(buyer.email, 'payment received for checking');

    // The same id cannot pay another order, nor points.
    const second = await placeOrder(buyer.cookie, [{ productId: product.id, quantity: 1 }]);
    const reused = await call('POST', `/api/orders/${second.id}/payment`, buyer.cookie, {
      paymentMethod: 'venmo',
      transactionId: txn.toLowerCase(),
    });
    expect([reused.statusCode, reused.json().fields]).toEqual([
      409,
      { transactionId: 'This transaction ID was already submitted' },
    ]);
    const forPoints = await call('POST', '/api/manual-payment', buyer.cookie, {
      packageId: 'basic',
      paymentMethod: 'venmo',
      transactionId: txn,
    });
    expect(forPoints.statusCode).toBe(409);

    // Shipping before payment is confirmed is not a move an order can make.
    const early = await call('PATCH', `/api/admin/orders/${order.id}`, roles.admin.cookie, {
      status: 'shipped',
      trackingNumber: '1Z999',
    });
    expect([early.statusCode, early.json().message]).toEqual([
      409,
      'An order that is pending cannot become shipped. A pending order becomes paid when its payment is confirmed, or is cancelled.',
    ]);
    expect((await call('POST', `/api/admin/orders/${order.id}/payment/confirm`, roles.user.cookie)).statusCode).toBe(
      403,
    );
    const confirmed = await call('POST', `/api/admin/orders/${order.id}/payment/confirm`, roles.admin.cookie);
    expect(confirmed.json().status).toBe('paid');
    expect((await call('POST', `/api/admin/orders/${order.id}/payment/confirm`, roles.admin.cookie)).statusCode).toBe(
      409,
    );
    await mailsTo(buyer.email, 'payment confirmed');

    const noTracking = await call('PATCH', `/api/admin/orders/${order.id}`, roles.admin.cookie, { status: 'shipped' });
    expect([noTracking.statusCode, noTracking.json().message]).toEqual([
      400,
      'Enter the tracking number to mark the order shipped',
    ]);
    const shipped = await call('PATCH', `/api/admin/orders/${order.id}`, roles.admin.cookie, {
      status: 'shipped',
      trackingNumber: '1Z999AA10123456784',
    });
    expect(shipped.json()).toMatchObject({ status: 'shipped', trackingNumber: '1Z999AA10123456784' });
    expect((await mailsTo(buyer.email, 'has shipped'))[0]!).toContain('1Z999AA10123456784');
    const delivered = await call('PATCH', `/api/admin/orders/${order.id}`, roles.admin.cookie, { status: 'delivered' });
    expect(delivered.json().status).toBe('delivered');
    await mailsTo(buyer.email, 'delivered');
    const late = await call('PATCH', `/api/admin/orders/${order.id}`, roles.admin.cookie, { status: 'cancelled' });
    expect([late.statusCode, late.json().message]).toEqual([
      409,
      'An order that is delivered cannot become cancelled. It cannot change any more.',
    ]);
    // Every change left its audit row, with who made it.
    const audit = await t.db
      .select({ from: statusChanges.fromStatus, to: statusChanges.toStatus, actor: statusChanges.actorId })
      .from(statusChanges)
      .where(and(eq(statusChanges.subject, 'order'), eq(statusChanges.subjectId, order.id)));
    expect(audit).toEqual([
      { from: null, to: 'pending', actor: buyer.id },
      { from: 'pending', to: 'paid', actor: roles.admin.id },
      { from: 'paid', to: 'shipped', actor: roles.admin.id },
      { from: 'shipped', to: 'delivered', actor: roles.admin.id },
    ]);
  });

  it('tells the buyer why a payment was not confirmed, and takes another', async () => {
    const product = await newProduct();
    const buyer = await shopper();
    const order = await placeOrder(buyer.cookie, [{ productId: product.id, quantity: 1 }]);
    expect(
      (await call('POST', `/api/admin/orders/${order.id}/payment/reject`, roles.admin.cookie, { reason: 'x' }))
        .statusCode,
    ).toBe(400);
    const nothing = await call('POST', `/api/admin/orders/${order.id}/payment/reject`, roles.admin.cookie, {
      reason: 'No money arrived',
    });
    expect([nothing.statusCode, nothing.json().message]).toEqual([
      409,
      'No payment is waiting for this order, so you cannot reject its payment. Nothing was changed.',
    ]);
    await call('POST', `/api/orders/${order.id}/payment`, buyer.cookie, {
      paymentMethod: 'cashapp',
      transactionId: unique('cash'),
    });
    const rejected = await call('POST', `/api/admin/orders/${order.id}/payment/reject`, roles.admin.cookie, {
      reason: 'No money arrived with that reference',
    });
    expect(rejected.json()).toMatchObject({
      status: 'pending',
      payment: null,
      paymentNote: 'No money arrived with that reference',
    });
    expect((await mailsTo(buyer.email, 'payment not confirmed'))[0]!).toContain('No money arrived with that reference');
    const retry = await call('POST', `/api/orders/${order.id}/payment`, buyer.cookie, {
      paymentMethod: 'paypal',
      transactionId: unique('pp'),
    });
    expect(retry.json()).toMatchObject({ paymentNote: null, payment: { method: 'paypal' } });
  });

  it('refuses a method the site does not take, and all payments on a site with none set up', async () => {
    const bare = await createTestApp(
      { PAYMENT_ACCOUNT_VENMO: '', PAYMENT_ACCOUNT_CASHAPP: '', PAYMENT_ACCOUNT_PAYPAL: 'pay@x.test' },
      t.database,
    );
    try {
      const product = await newProduct();
      const buyer = await shopper();
      const order = await placeOrder(buyer.cookie, [{ productId: product.id, quantity: 1 }]);
      const venmo = await bare.app.inject({
        method: 'POST',
        url: `/api/orders/${order.id}/payment`,
        headers: { cookie: buyer.cookie },
        payload: { paymentMethod: 'venmo', transactionId: unique('v') },
      });
      expect([venmo.statusCode, venmo.json().message]).toEqual([
        400,
        'Payments by venmo are not taken here. Choose paypal.',
      ]);
    } finally {
      await bare.close();
    }
  });

  it('cancelled, gives the stock back: by an admin before shipping, by the buyer while awaiting payment', async () => {
    const product = await newProduct({ stock: 5 });
    const buyer = await shopper();
    const first = await placeOrder(buyer.cookie, [{ productId: product.id, quantity: 2 }]);
    const second = await placeOrder(buyer.cookie, [{ productId: product.id, quantity: 3 }]);
    expect(await stockOf(product.id)).toBe(0);
    expect((await call('POST', `/api/orders/${first.id}/cancel`, roles.other.cookie)).statusCode).toBe(404);
    const own = await call('POST', `/api/orders/${first.id}/cancel`, buyer.cookie);
    expect(own.json().status).toBe('cancelled');
    expect(await stockOf(product.id)).toBe(2);
    expect((await call('POST', `/api/orders/${first.id}/cancel`, buyer.cookie)).statusCode).toBe(409);
    const byAdmin = await call('PATCH', `/api/admin/orders/${second.id}`, roles.admin.cookie, {
      status: 'cancelled',
      note: 'Out of stock at the warehouse',
    });
    expect(byAdmin.json().timeline.at(-1)).toMatchObject({
      from: 'pending',
      to: 'cancelled',
      note: 'Out of stock at the warehouse',
    });
    expect(await stockOf(product.id)).toBe(5);
    expect((await mailsTo(buyer.email, `Order #${second.id} cancelled`))[0]!).toContain(
      'Out of stock at the warehouse',
    );
  });
});
