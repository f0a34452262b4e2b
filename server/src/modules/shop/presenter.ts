import {
  centsToAmount,
  toCents,
  type Order,
  type OrderEvent,
  type OrderStatus,
  type PaymentMethod,
  type Product,
} from '@gradelens/shared';
import type { ProductRow } from './products.ts';
import type { OrderRow } from './orders.ts';

export function presentProduct(row: ProductRow): Product {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    // numeric(10,2) columns read back as two-place strings ('4.50'): the API's form already.
    price: row.price,
    imageUrl: row.imageUrl,
    category: row.category,
    stock: row.stock,
    featured: row.featured === 1,
    active: row.active === 1,
    createdAt: row.createdAt.toISOString(),
  };
}

type Line = { productId: number; name: string; quantity: number; unitPrice: string };

export function presentOrder(
  row: OrderRow,
  lines: Line[],
  extra: { timeline?: OrderEvent[]; buyer?: Order['buyer'] } = {},
): Order {
  return {
    id: row.id,
    status: row.status as OrderStatus,
    totalAmount: row.totalAmount,
    shippingAddress: row.shippingAddress,
    items: lines.map((line) => ({
      productId: line.productId,
      name: line.name,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      lineTotal: centsToAmount(toCents(line.unitPrice) * line.quantity),
    })),
    payment:
      row.paymentMethod && row.transactionId && row.paymentSubmittedAt
        ? {
            method: row.paymentMethod as PaymentMethod,
            transactionId: row.transactionId,
            submittedAt: row.paymentSubmittedAt.toISOString(),
          }
        : null,
    paymentNote: row.paymentNote,
    trackingNumber: row.trackingNumber,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    ...(extra.timeline ? { timeline: extra.timeline } : {}),
    ...(extra.buyer ? { buyer: extra.buyer } : {}),
  };
}
