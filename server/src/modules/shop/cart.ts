import { and, asc, eq, sql } from 'drizzle-orm';
import {
  CART_QUANTITY_MAX,
  centsToAmount,
  toCents,
  type Cart,
  type CartItem,
  type CartProblem,
} from '@gradelens/shared';
import type { Executor } from '../../db/client.ts';
import { cartItems, products } from '../../db/schema.ts';
import { AppError, notFound } from '../../errors.ts';
import { findActiveProduct, type ProductRow } from './products.ts';

type Line = { item: typeof cartItems.$inferSelect; product: ProductRow };

/** The user's cart lines with their products, oldest first. */
export async function cartLines(db: Executor, userId: number): Promise<Line[]> {
  return db
    .select({ item: cartItems, product: products })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
}

/** What stops a line from being ordered as it is, if anything. */
export function lineProblem({ item, product }: Line): CartProblem | null {
  if (product.active !== 1) return 'unavailable';
  if (product.stock === 0) return 'sold_out';
  if (item.quantity > product.stock) return 'not_enough_stock';
  return null;
}

function problemText(problem: CartProblem | null, product: ProductRow): string | null {
  if (problem === 'unavailable') return 'No longer sold. Remove it to check out.';
  if (problem === 'sold_out') return 'Sold out. Remove it to check out.';
  if (problem === 'not_enough_stock') return `Only ${product.stock} left. Lower the quantity to check out.`;
  return null;
}

/** The cart at today's prices, added up in cents. */
export function presentCart(lines: Line[]): Cart {
  let totalCents = 0;
  const items: CartItem[] = lines.map((line) => {
    const problem = lineProblem(line);
    const lineCents = toCents(line.product.price) * line.item.quantity;
    totalCents += lineCents;
    return {
      id: line.item.id,
      productId: line.product.id,
      name: line.product.name,
      imageUrl: line.product.imageUrl,
      unitPrice: line.product.price,
      quantity: line.item.quantity,
      lineTotal: centsToAmount(lineCents),
      stock: line.product.active === 1 ? line.product.stock : 0,
      problem,
      problemText: problemText(problem, line.product),
    };
  });
  return {
    items,
    total: centsToAmount(totalCents),
    orderable: items.length > 0 && items.every((i) => i.problem === null),
  };
}

function checkStock(product: ProductRow, quantity: number): void {
  if (product.stock === 0) {
    throw new AppError('CONFLICT', `${product.name} is sold out.`, { fields: { quantity: 'Sold out' } });
  }
  if (quantity > product.stock) {
    throw new AppError(
      'CONFLICT',
      `Only ${product.stock} of ${product.name} ${product.stock === 1 ? 'is' : 'are'} left. Choose ${product.stock} or fewer.`,
      { fields: { quantity: `At most ${product.stock}` } },
    );
  }
}

/** Adds a product, or more of one already in the cart; never more than its stock. */
export async function addToCart(db: Executor, userId: number, productId: number, quantity: number): Promise<void> {
  const product = await findActiveProduct(db, productId);
  const [existing] = await db
    .select({ quantity: cartItems.quantity })
    .from(cartItems)
    .where(and(eq(cartItems.userId, userId), eq(cartItems.productId, productId)));
  const wanted = (existing?.quantity ?? 0) + quantity;
  if (wanted > CART_QUANTITY_MAX) {
    throw new AppError('CONFLICT', `A cart holds at most ${CART_QUANTITY_MAX} of one product.`, {
      fields: { quantity: `At most ${CART_QUANTITY_MAX - (existing?.quantity ?? 0)} more` },
    });
  }
  checkStock(product, wanted);
  await db
    .insert(cartItems)
    .values({ userId, productId, quantity })
    .onConflictDoUpdate({
      target: [cartItems.userId, cartItems.productId],
      set: { quantity: sql`${cartItems.quantity} + ${quantity}` },
    });
}

async function ownLine(db: Executor, userId: number, itemId: number): Promise<Line> {
  const [line] = await db
    .select({ item: cartItems, product: products })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(and(eq(cartItems.id, itemId), eq(cartItems.userId, userId)));
  if (!line) throw notFound('That cart item');
  return line;
}

export async function setCartQuantity(db: Executor, userId: number, itemId: number, quantity: number): Promise<void> {
  const line = await ownLine(db, userId, itemId);
  if (line.product.active !== 1) {
    throw new AppError('CONFLICT', `${line.product.name} is no longer sold. Remove it from your cart.`);
  }
  checkStock(line.product, quantity);
  await db.update(cartItems).set({ quantity }).where(eq(cartItems.id, itemId));
}

export async function removeCartItem(db: Executor, userId: number, itemId: number): Promise<void> {
  const removed = await db
    .delete(cartItems)
    .where(and(eq(cartItems.id, itemId), eq(cartItems.userId, userId)))
    .returning({ id: cartItems.id });
  if (removed.length === 0) throw notFound('That cart item');
}
