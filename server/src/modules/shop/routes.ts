import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  adminOrderQuerySchema,
  adminPageQuerySchema,
  adminProductQuerySchema,
  cartAddSchema,
  cartUpdateSchema,
  orderCreateSchema,
  orderPaymentSchema,
  orderStatusSchema,
  productCreateSchema,
  productQuerySchema,
  productUpdateSchema,
  rejectOrderPaymentSchema,
  type Order,
  type OrderEvent,
  type OrderPage,
  type ProductPage,
} from '@gradelens/shared';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { idParams, parseInput } from '../../http/parse.ts';
import { adminOnly, currentUser, signedIn } from '../../http/session.ts';
import { statusTimeline } from '../audit/status-changes.ts';
import { assertOfferedMethod, configuredAccounts } from '../payments/catalogue.ts';
import { readSingleFile } from '../profile/routes.ts';
import { addToCart, cartLines, presentCart, removeCartItem, setCartQuantity } from './cart.ts';
import { mailOrderEvent, type OrderEventKind } from './mail.ts';
import {
  buyerOf,
  confirmOrderPayment,
  createOrder,
  findOwnOrder,
  findVisibleOrder,
  linesOf,
  listOrders,
  listOwnOrders,
  moveOrder,
  rejectOrderPayment,
  submitOrderPayment,
  type OrderRow,
} from './orders.ts';
import { presentOrder, presentProduct } from './presenter.ts';
import {
  createProduct,
  findActiveProduct,
  findProduct,
  listActiveProducts,
  listAllProducts,
  replaceProductImage,
  updateProduct,
} from './products.ts';

/** The shop: products, the signed-in user's cart, orders and their payment, and the admin's side. */
export function shopRoutes(app: FastifyInstance, { db, env, images, mailer }: AppContext): void {
  const notify = (request: FastifyRequest, to: string, order: OrderRow, kind: OrderEventKind, note?: string | null) =>
    mailOrderEvent({ mailer, log: request.log, publicUrl: env.PUBLIC_URL }, to, order, kind, {
      accounts: configuredAccounts(env),
      note,
    });

  /** An order with its lines and, on single answers, its timeline and buyer. */
  async function fullOrder(executor: Executor, order: OrderRow, withBuyer: boolean): Promise<Order> {
    const [lines, timeline, buyer] = await Promise.all([
      linesOf(executor, [order.id]),
      statusTimeline(executor, 'order', order.id),
      withBuyer ? buyerOf(executor, order) : Promise.resolve(null),
    ]);
    const events: OrderEvent[] = timeline.map((e) => ({ ...e, at: e.at.toISOString() }));
    return presentOrder(order, lines.get(order.id) ?? [], { timeline: events, ...(buyer ? { buyer } : {}) });
  }

  async function mailBuyer(request: FastifyRequest, order: OrderRow, kind: OrderEventKind, note?: string | null) {
    const buyer = await buyerOf(db, order);
    if (buyer) notify(request, buyer.email, order, kind, note);
  }

  // Products, for everyone.
  app.get('/products', async (request): Promise<ProductPage> => {
    const query = parseInput(productQuerySchema, request.query);
    const { rows, total, categories } = await listActiveProducts(db, query);
    return { items: rows.map(presentProduct), total, page: query.page, pageSize: query.pageSize, categories };
  });

  app.get('/products/:id', async (request) => {
    const { id } = parseInput(idParams, request.params);
    return presentProduct(await findActiveProduct(db, id));
  });

  // The cart, signed in.
  app.get('/cart', { preHandler: signedIn }, async (request) =>
    presentCart(await cartLines(db, currentUser(request).id)),
  );

  app.post('/cart/items', { preHandler: signedIn }, async (request, reply) => {
    const { productId, quantity } = parseInput(cartAddSchema, request.body);
    const user = currentUser(request);
    await addToCart(db, user.id, productId, quantity);
    return reply.status(201).send(presentCart(await cartLines(db, user.id)));
  });

  app.patch('/cart/items/:id', { preHandler: signedIn }, async (request) => {
    const { id } = parseInput(idParams, request.params);
    const { quantity } = parseInput(cartUpdateSchema, request.body);
    const user = currentUser(request);
    await setCartQuantity(db, user.id, id, quantity);
    return presentCart(await cartLines(db, user.id));
  });

  app.delete('/cart/items/:id', { preHandler: signedIn }, async (request) => {
    const { id } = parseInput(idParams, request.params);
    const user = currentUser(request);
    await removeCartItem(db, user.id, id);
    return presentCart(await cartLines(db, user.id));
  });

  // Orders: the buyer's own, or any for an admin.
  app.post('/orders', { preHandler: signedIn }, async (request, reply) => {
    const { shippingAddress } = parseInput(orderCreateSchema, request.body);
    const user = currentUser(request);
    const order = await createOrder(db, user.id, shippingAddress);
    notify(request, user.email, order, 'placed');
    return reply.status(201).send(await fullOrder(db, order, false));
  });

  app.get('/orders', { preHandler: signedIn }, async (request): Promise<OrderPage> => {
    const page = parseInput(adminPageQuerySchema, request.query);
    const { rows, total } = await listOwnOrders(db, currentUser(request).id, page);
    const lines = await linesOf(
      db,
      rows.map((r) => r.id),
    );
    return {
      items: rows.map((row) => presentOrder(row, lines.get(row.id) ?? [])),
      total,
      page: page.page,
      pageSize: page.pageSize,
    };
  });

  app.get('/orders/:id', { preHandler: signedIn }, async (request) => {
    const { id } = parseInput(idParams, request.params);
    const viewer = currentUser(request);
    const order = await findVisibleOrder(db, id, viewer);
    return fullOrder(db, order, viewer.isAdmin === 1);
  });

  app.post('/orders/:id/payment', { preHandler: signedIn }, async (request) => {
    const { id } = parseInput(idParams, request.params);
    const input = parseInput(orderPaymentSchema, request.body);
    const user = currentUser(request);
    const order = await findOwnOrder(db, id, user);
    assertOfferedMethod(env, input.paymentMethod, 'Paying for orders');
    const updated = await submitOrderPayment(db, order, input);
    notify(request, user.email, updated, 'payment_received');
    return fullOrder(db, updated, false);
  });

  app.post('/orders/:id/cancel', { preHandler: signedIn }, async (request) => {
    const { id } = parseInput(idParams, request.params);
    const user = currentUser(request);
    const order = await findOwnOrder(db, id, user);
    if (order.status !== 'pending') {
      throw new AppError(
        'CONFLICT',
        'Only an order awaiting payment can be cancelled here. Reply to the order mail to ask about this one.',
      );
    }
    const updated = await moveOrder(db, id, user.id, { to: 'cancelled', byBuyer: true });
    notify(request, user.email, updated, 'cancelled');
    return fullOrder(db, updated, false);
  });

  // The admin's side.
  app.get('/admin/products', { preHandler: adminOnly }, async (request) => {
    const query = parseInput(adminProductQuerySchema, request.query);
    const { rows, total } = await listAllProducts(db, query);
    return { items: rows.map(presentProduct), total, page: query.page, pageSize: query.pageSize };
  });

  app.post('/admin/products', { preHandler: adminOnly }, async (request, reply) => {
    const input = parseInput(productCreateSchema, request.body);
    return reply.status(201).send(presentProduct(await createProduct(db, input)));
  });

  app.patch('/admin/products/:id', { preHandler: adminOnly }, async (request) => {
    const { id } = parseInput(idParams, request.params);
    const input = parseInput(productUpdateSchema, request.body);
    return presentProduct(await updateProduct(db, id, input));
  });

  app.post('/admin/products/:id/image', { preHandler: adminOnly }, async (request) => {
    const { id } = parseInput(idParams, request.params);
    const product = await findProduct(db, id);
    const upload = await readSingleFile(request, 'image');
    return presentProduct(await replaceProductImage(db, images, product, upload));
  });

  app.get('/admin/orders', { preHandler: adminOnly }, async (request): Promise<OrderPage> => {
    const query = parseInput(adminOrderQuerySchema, request.query);
    const { rows, total } = await listOrders(db, query);
    const lines = await linesOf(
      db,
      rows.map((r) => r.order.id),
    );
    return {
      items: rows.map(({ order, buyer }) => presentOrder(order, lines.get(order.id) ?? [], { buyer })),
      total,
      page: query.page,
      pageSize: query.pageSize,
    };
  });

  app.patch('/admin/orders/:id', { preHandler: adminOnly }, async (request) => {
    const { id } = parseInput(idParams, request.params);
    const move = parseInput(orderStatusSchema, request.body);
    const updated = await moveOrder(db, id, currentUser(request).id, {
      to: move.status,
      trackingNumber: move.trackingNumber,
      note: move.note,
    });
    await mailBuyer(request, updated, move.status, move.note);
    return fullOrder(db, updated, true);
  });

  app.post('/admin/orders/:id/payment/confirm', { preHandler: adminOnly }, async (request) => {
    const { id } = parseInput(idParams, request.params);
    const updated = await confirmOrderPayment(db, id, currentUser(request).id);
    await mailBuyer(request, updated, 'paid');
    return fullOrder(db, updated, true);
  });

  app.post('/admin/orders/:id/payment/reject', { preHandler: adminOnly }, async (request) => {
    const { id } = parseInput(idParams, request.params);
    const { reason } = parseInput(rejectOrderPaymentSchema, request.body);
    const updated = await rejectOrderPayment(db, id, currentUser(request).id, reason);
    await mailBuyer(request, updated, 'payment_rejected', reason);
    return fullOrder(db, updated, true);
  });
}
