import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  ORDER_MOVES,
  ORDER_STATUS_LABELS,
  centsToAmount,
  toCents,
  type OrderPaymentInput,
  type OrderStatus,
} from '@gradelens/shared';
import type { Database, Executor } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { containsPattern } from '../../db/like.ts';
import { cartItems, manualPayments, orderItems, orders, products, users } from '../../db/schema.ts';
import { AppError, notFound } from '../../errors.ts';
import { recordStatusChange } from '../audit/status-changes.ts';
import { cartLines } from './cart.ts';

export type OrderRow = typeof orders.$inferSelect;
type UserRow = typeof users.$inferSelect;

const emptyCart = () =>
  new AppError('VALIDATION', 'Your cart is empty. Add a product from the shop before checking out.', {
    fields: { cart: 'Your cart is empty' },
  });

/**
 * Turns the user's cart into an order in one transaction: each product's stock is taken with a
 * conditional update (stock >= quantity), in product order so two orders never wait on each
 * other; the lines keep today's prices; the cart is emptied. Any line that cannot be had rolls
 * the whole order back with a 409 that names the product.
 */
export async function createOrder(db: Database, userId: number, shippingAddress: string): Promise<OrderRow> {
  return db.transaction(async (tx) => {
    const lines = await cartLines(tx, userId);
    if (lines.length === 0) throw emptyCart();
    const sorted = [...lines].sort((a, b) => a.product.id - b.product.id);
    const taken: { productId: number; quantity: number; unitPrice: string }[] = [];
    for (const { item, product } of sorted) {
      const [reserved] = await tx
        .update(products)
        .set({ stock: sql`${products.stock} - ${item.quantity}` })
        .where(and(eq(products.id, product.id), eq(products.active, 1), sql`${products.stock} >= ${item.quantity}`))
        .returning({ price: products.price });
      if (!reserved) throw await notEnough(tx, product.id, item.quantity);
      taken.push({ productId: product.id, quantity: item.quantity, unitPrice: reserved.price });
    }
    const totalCents = taken.reduce((sum, line) => sum + toCents(line.unitPrice) * line.quantity, 0);
    const [order] = await tx
      .insert(orders)
      .values({ userId, shippingAddress, totalAmount: centsToAmount(totalCents) })
      .returning();
    if (!order) throw new Error('insert returned no row');
    await tx.insert(orderItems).values(taken.map((line) => ({ orderId: order.id, ...line })));
    await tx.delete(cartItems).where(eq(cartItems.userId, userId));
    await recordStatusChange(tx, {
      subject: 'order',
      subjectId: order.id,
      from: null,
      to: 'pending',
      actorId: userId,
      note: 'Order placed',
    });
    return order;
  });
}

/** The 409 for a line whose product cannot be had now, read after the update refused it. */
async function notEnough(tx: Executor, productId: number, wanted: number): Promise<AppError> {
  const [now] = await tx
    .select({ name: products.name, stock: products.stock, active: products.active })
    .from(products)
    .where(eq(products.id, productId));
  const name = now?.name ?? 'A product in your cart';
  if (!now || now.active !== 1) {
    return new AppError('CONFLICT', `${name} is no longer sold. Remove it from your cart and order again.`);
  }
  if (now.stock === 0) {
    return new AppError('CONFLICT', `${name} is sold out. Remove it from your cart and order again.`);
  }
  return new AppError(
    'CONFLICT',
    `Not enough ${name} in stock: you asked for ${wanted}, ${now.stock} ${now.stock === 1 ? 'is' : 'are'} left. Lower the quantity in your cart and order again.`,
  );
}

/** An order its buyer or an admin may see; anyone else is told it does not exist. */
export async function findVisibleOrder(db: Executor, id: number, viewer: UserRow): Promise<OrderRow> {
  const [order] = await db.select().from(orders).where(eq(orders.id, id));
  if (!order || (order.userId !== viewer.id && viewer.isAdmin !== 1)) throw notFound('That order');
  return order;
}

/** An order of this buyer's own (an admin looking at someone's order does not pay or cancel it). */
export async function findOwnOrder(db: Executor, id: number, buyer: UserRow): Promise<OrderRow> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.userId, buyer.id)));
  if (!order) throw notFound('That order');
  return order;
}

/** Each order's lines with their product names. */
export async function linesOf(db: Executor, orderIds: number[]) {
  if (orderIds.length === 0) return new Map<number, (typeof orderItems.$inferSelect & { name: string })[]>();
  const rows = await db
    .select({ line: orderItems, name: products.name })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(asc(orderItems.id));
  const byOrder = new Map<number, (typeof orderItems.$inferSelect & { name: string })[]>();
  for (const { line, name } of rows) {
    const list = byOrder.get(line.orderId) ?? [];
    list.push({ ...line, name });
    byOrder.set(line.orderId, list);
  }
  return byOrder;
}

export async function listOwnOrders(db: Database, userId: number, page: { page: number; pageSize: number }) {
  const where = eq(orders.userId, userId);
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ total: count() }).from(orders).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

/** The admin's list: by status, and a search by order number or the buyer's name or email. */
export async function listOrders(
  db: Database,
  query: { status?: OrderStatus; q?: string; page: number; pageSize: number },
) {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(orders.status, query.status));
  if (query.q) {
    const id = /^#?\d{1,9}$/.test(query.q) ? Number(query.q.replace('#', '')) : null;
    const pattern = containsPattern(query.q);
    conditions.push(
      or(ilike(users.username, pattern), ilike(users.email, pattern), ...(id === null ? [] : [eq(orders.id, id)]))!,
    );
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, totals] = await Promise.all([
    db
      .select({ order: orders, buyer: { id: users.id, username: users.username, email: users.email } })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(orders).innerJoin(users, eq(users.id, orders.userId)).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

export async function buyerOf(db: Executor, order: OrderRow) {
  const [buyer] = await db
    .select({ id: users.id, username: users.username, email: users.email })
    .from(users)
    .where(eq(users.id, order.userId));
  return buyer ?? null;
}

const duplicatePayment = (input: OrderPaymentInput) =>
  new AppError(
    'CONFLICT',
    `That ${input.paymentMethod} transaction ID (${input.transactionId}) has already been submitted. Check the reference and try again.`,
    { fields: { transactionId: 'This transaction ID was already submitted' } },
  );

/**
 * Records the payment the buyer says they sent, for an admin to confirm. One payment waits at a
 * time; a transaction id is taken once across orders and points purchases.
 */
export async function submitOrderPayment(db: Database, order: OrderRow, input: OrderPaymentInput): Promise<OrderRow> {
  if (order.status !== 'pending') {
    throw new AppError(
      'CONFLICT',
      `This order is ${ORDER_STATUS_LABELS[order.status as OrderStatus].toLowerCase()}: it needs no payment.`,
    );
  }
  if (order.paymentSubmittedAt && !order.paymentNote) {
    throw new AppError(
      'CONFLICT',
      'A payment for this order is already waiting for confirmation. Nothing was changed.',
    );
  }
  const [usedForPoints] = await db
    .select({ id: manualPayments.id })
    .from(manualPayments)
    .where(
      and(eq(manualPayments.paymentMethod, input.paymentMethod), eq(manualPayments.transactionId, input.transactionId)),
    );
  if (usedForPoints) throw duplicatePayment(input);
  try {
    const [updated] = await db
      .update(orders)
      .set({
        paymentMethod: input.paymentMethod,
        transactionId: input.transactionId,
        paymentSubmittedAt: new Date(),
        paymentNote: null,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(orders.id, order.id),
          eq(orders.status, 'pending'),
          or(isNull(orders.paymentSubmittedAt), isNotNull(orders.paymentNote)),
        ),
      )
      .returning();
    if (!updated) throw new AppError('CONFLICT', 'This order changed meanwhile. Reload it and try again.');
    return updated;
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicatePayment(input);
    throw error;
  }
}

/** The order is pending with a payment sent and not yet decided: the only state a decision applies to. */
const paymentWaiting = (orderId: number) =>
  and(
    eq(orders.id, orderId),
    eq(orders.status, 'pending'),
    isNotNull(orders.paymentSubmittedAt),
    isNull(orders.paymentNote),
  );

/** The admin confirms the payment: a pending order with a payment waiting becomes paid. */
export async function confirmOrderPayment(db: Database, orderId: number, adminId: number): Promise<OrderRow> {
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(orders)
      .set({ status: 'paid', updatedAt: new Date() })
      .where(paymentWaiting(orderId))
      .returning();
    if (!updated) throw await whyNot(tx, orderId, 'confirm its payment');
    await recordStatusChange(tx, {
      subject: 'order',
      subjectId: orderId,
      from: 'pending',
      to: 'paid',
      actorId: adminId,
      note: 'Payment confirmed',
    });
    return updated;
  });
}

/** The admin did not find the payment: the reason is kept for the buyer, who may send another. */
export async function rejectOrderPayment(
  db: Database,
  orderId: number,
  adminId: number,
  reason: string,
): Promise<OrderRow> {
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(orders)
      .set({ paymentMethod: null, transactionId: null, paymentNote: reason, updatedAt: new Date() })
      .where(paymentWaiting(orderId))
      .returning();
    if (!updated) throw await whyNot(tx, orderId, 'reject its payment');
    await recordStatusChange(tx, {
      subject: 'order',
      subjectId: orderId,
      from: 'pending',
      to: 'pending',
      actorId: adminId,
      note: `Payment not confirmed: ${reason}`,
    });
    return updated;
  });
}

async function whyNot(tx: Executor, orderId: number, action: string): Promise<AppError> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return notFound('That order');
  if (order.status !== 'pending') {
    return new AppError(
      'CONFLICT',
      `This order is already ${order.status}, so you cannot ${action}. Nothing was changed.`,
    );
  }
  return new AppError(
    'CONFLICT',
    `No payment is waiting for this order, so you cannot ${action}. Nothing was changed.`,
  );
}

/**
 * Moves an order on (paid to shipped with its tracking number, shipped to delivered) or cancels
 * it, returning its stock. The update is conditional on the status read, so of two racing moves
 * one wins and the other answers 409; an illegal move changes nothing.
 */
export async function moveOrder(
  db: Database,
  orderId: number,
  actorId: number,
  move: { to: OrderStatus; trackingNumber?: string; note?: string; byBuyer?: boolean },
): Promise<OrderRow> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
    if (!order) throw notFound('That order');
    const from = order.status as OrderStatus;
    if (!ORDER_MOVES[from].includes(move.to) || move.to === 'paid') {
      throw new AppError('CONFLICT', `An order that is ${from} cannot become ${move.to}. ${nextSteps(from)}`);
    }
    const [updated] = await tx
      .update(orders)
      .set({
        status: move.to,
        ...(move.to === 'shipped' ? { trackingNumber: move.trackingNumber } : {}),
        updatedAt: new Date(),
      })
      .where(and(eq(orders.id, orderId), eq(orders.status, from)))
      .returning();
    if (!updated) throw new AppError('CONFLICT', 'This order changed meanwhile. Reload it and try again.');
    if (move.to === 'cancelled') {
      for (const line of await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId))) {
        await tx
          .update(products)
          .set({ stock: sql`${products.stock} + ${line.quantity}` })
          .where(eq(products.id, line.productId));
      }
    }
    await recordStatusChange(tx, {
      subject: 'order',
      subjectId: orderId,
      from,
      to: move.to,
      actorId,
      note: move.note || (move.byBuyer ? 'Cancelled by the buyer' : null),
    });
    return updated;
  });
}

function nextSteps(from: OrderStatus): string {
  const allowed = ORDER_MOVES[from].filter((s) => s !== 'paid');
  if (from === 'pending') return 'A pending order becomes paid when its payment is confirmed, or is cancelled.';
  return allowed.length > 0 ? `It can become ${allowed.join(' or ')}.` : 'It cannot change any more.';
}
