import { z } from 'zod';
import { PAYMENT_METHODS, type PaymentMethod } from './constants.ts';
import { centsToAmount, toCents } from './money.ts';
import { transactionIdSchema } from './payments.ts';

/**
 * The shop: products, the cart, orders and their payment (docs/decisions/0020-shop.md).
 * Amounts travel as two-place strings ('12.50') and are added up in cents (money.ts).
 */

export const PRODUCT_NAME_MAX = 120;
export const PRODUCT_DESCRIPTION_MAX = 4000;
export const PRODUCT_CATEGORY_MAX = 60;
export const PRODUCT_STOCK_MAX = 100_000;
export const PRODUCT_PRICE_MAX_CENTS = 100_000_00;
/** No cart line or order line holds more of one product. */
export const CART_QUANTITY_MAX = 99;
export const SHIPPING_ADDRESS_MAX = 500;
export const TRACKING_NUMBER_MAX = 80;

const yes = (v: unknown) => v === true || v === 'true' || v === '1';

/** GET /api/products: active products, featured first, then newest. */
export const productQuerySchema = z.object({
  category: z.string().trim().max(PRODUCT_CATEGORY_MAX).optional(),
  q: z.string().trim().max(100).optional(),
  featured: z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
    .optional()
    .transform((v) => (v === undefined ? undefined : yes(v))),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(24),
});
export type ProductQuery = z.infer<typeof productQuerySchema>;

/** A price in dollars as typed ('12.5', '12.50', 12.5), kept as a two-place string. */
export const priceSchema = z
  .union([z.string(), z.number()], { error: 'Enter the price in dollars, such as 12.50' })
  .transform((value, ctx) => {
    try {
      const cents = toCents(value);
      if (cents < 1) throw new Error('too small');
      if (cents > PRODUCT_PRICE_MAX_CENTS) throw new Error('too large');
      return centsToAmount(cents);
    } catch (error) {
      ctx.addIssue({
        code: 'custom',
        message:
          error instanceof Error && error.message === 'too large'
            ? 'Price must be at most $100,000.00'
            : 'Price must be at least $0.01, in dollars and cents, such as 12.50',
      });
      return z.NEVER;
    }
  });

const productFields = {
  name: z
    .string({ error: 'Product name is required' })
    .trim()
    .min(1, { message: 'Product name is required' })
    .max(PRODUCT_NAME_MAX, { message: `Product name must be at most ${PRODUCT_NAME_MAX} characters` }),
  description: z
    .string()
    .trim()
    .max(PRODUCT_DESCRIPTION_MAX, { message: `Description must be at most ${PRODUCT_DESCRIPTION_MAX} characters` })
    .nullable()
    .optional(),
  price: priceSchema,
  category: z
    .string()
    .trim()
    .max(PRODUCT_CATEGORY_MAX, { message: `Category must be at most ${PRODUCT_CATEGORY_MAX} characters` })
    .nullable()
    .optional(),
  stock: z.coerce
    .number({ error: 'Stock must be a whole number from 0' })
    .int({ message: 'Stock must be a whole number from 0' })
    .min(0, { message: 'Stock must be a whole number from 0' })
    .max(PRODUCT_STOCK_MAX, { message: `Stock must be at most ${PRODUCT_STOCK_MAX}` }),
  featured: z.boolean({ error: 'Featured is true or false' }),
  active: z.boolean({ error: 'Active is true or false' }),
};

/** POST /api/admin/products (JSON; the image is sent after, to /api/admin/products/:id/image). */
export const productCreateSchema = z.object({
  ...productFields,
  stock: productFields.stock.default(0),
  featured: productFields.featured.default(false),
  active: productFields.active.default(true),
});
export type ProductCreateInput = z.infer<typeof productCreateSchema>;

/** PATCH /api/admin/products/:id: any of the fields. */
export const productUpdateSchema = z
  .object(productFields)
  .partial()
  .refine((v) => Object.keys(v).length > 0, { message: 'Send at least one field to change' });
export type ProductUpdateInput = z.infer<typeof productUpdateSchema>;

export interface Product {
  id: number;
  name: string;
  description: string | null;
  /** Dollars with two places. */
  price: string;
  imageUrl: string | null;
  category: string | null;
  stock: number;
  featured: boolean;
  active: boolean;
  createdAt: string;
}

export interface ProductPage {
  items: Product[];
  total: number;
  page: number;
  pageSize: number;
  /** Every category of an active product, for the shop's filter. */
  categories: string[];
}

const quantitySchema = z.coerce
  .number({ error: 'Quantity must be a whole number from 1' })
  .int({ message: 'Quantity must be a whole number from 1' })
  .min(1, { message: 'Quantity must be at least 1' })
  .max(CART_QUANTITY_MAX, { message: `Quantity must be at most ${CART_QUANTITY_MAX}` });

export const cartAddSchema = z.object({
  productId: z.coerce
    .number({ error: 'Choose a product' })
    .int({ message: 'Choose a product' })
    .positive({ message: 'Choose a product' })
    .max(2_147_483_647, { message: 'There is no such product' }),
  quantity: quantitySchema.default(1),
});
export const cartUpdateSchema = z.object({ quantity: quantitySchema });

/** Why a cart line cannot be ordered as it is. */
export type CartProblem = 'unavailable' | 'sold_out' | 'not_enough_stock';

export interface CartItem {
  id: number;
  productId: number;
  name: string;
  imageUrl: string | null;
  unitPrice: string;
  quantity: number;
  lineTotal: string;
  /** In stock now (what may be ordered). */
  stock: number;
  problem: CartProblem | null;
  /** The problem said for the buyer, with what to do. */
  problemText: string | null;
}

export interface Cart {
  items: CartItem[];
  total: string;
  /** The cart can be ordered as it is (not empty, no line with a problem). */
  orderable: boolean;
}

export const ORDER_STATUSES = ['pending', 'paid', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The moves an admin may make; anything else answers 409. Payment confirmation makes pending paid. */
export const ORDER_MOVES: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ['paid', 'cancelled'],
  paid: ['shipped', 'cancelled'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
};

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Awaiting payment',
  paid: 'Paid',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

export const SHIPPING_ADDRESS_MESSAGE = 'Please provide a complete shipping address';

export const orderCreateSchema = z.object({
  shippingAddress: z
    .string({ error: SHIPPING_ADDRESS_MESSAGE })
    .trim()
    .min(10, { message: SHIPPING_ADDRESS_MESSAGE })
    .max(SHIPPING_ADDRESS_MAX, { message: `The address must be at most ${SHIPPING_ADDRESS_MAX} characters` }),
});

export const orderPaymentSchema = z.object({
  paymentMethod: z.enum(PAYMENT_METHODS, { error: 'Choose venmo, cashapp or paypal' }),
  transactionId: transactionIdSchema,
});
export type OrderPaymentInput = z.infer<typeof orderPaymentSchema>;

/** PATCH /api/admin/orders/:id: a move, with the tracking number when shipping and a note for the buyer. */
export const orderStatusSchema = z
  .object({
    status: z.enum(['shipped', 'delivered', 'cancelled'], { error: 'Choose shipped, delivered or cancelled' }),
    trackingNumber: z
      .string()
      .trim()
      .max(TRACKING_NUMBER_MAX, { message: `Tracking number must be at most ${TRACKING_NUMBER_MAX} characters` })
      .optional(),
    note: z.string().trim().max(500, { message: 'The note must be at most 500 characters' }).optional(),
  })
  .refine((v) => v.status !== 'shipped' || (v.trackingNumber ?? '').length > 0, {
    message: 'Enter the tracking number to mark the order shipped',
    path: ['trackingNumber'],
  });

export const rejectOrderPaymentSchema = z.object({
  reason: z
    .string({ error: 'Say why the payment is not confirmed: the buyer sees it' })
    .trim()
    .min(3, { message: 'Say why the payment is not confirmed: the buyer sees it' })
    .max(500, { message: 'The reason must be at most 500 characters' }),
});

export const adminOrderQuerySchema = z.object({
  status: z.enum(ORDER_STATUSES).optional(),
  /** An order number, or part of a buyer's name or email. */
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});

export const adminProductQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});

export interface OrderLine {
  productId: number;
  name: string;
  quantity: number;
  unitPrice: string;
  lineTotal: string;
}

export interface OrderEvent {
  from: string | null;
  to: string;
  note: string | null;
  at: string;
}

export interface Order {
  id: number;
  status: OrderStatus;
  totalAmount: string;
  shippingAddress: string;
  items: OrderLine[];
  payment: {
    method: PaymentMethod;
    transactionId: string;
    submittedAt: string;
  } | null;
  /** Why the last payment was not confirmed; the buyer may send another. */
  paymentNote: string | null;
  trackingNumber: string | null;
  createdAt: string;
  updatedAt: string;
  /** On single-order answers: every status change, oldest first. */
  timeline?: OrderEvent[];
  /** On admin answers: the buyer. */
  buyer?: { id: number; username: string; email: string };
}

export interface OrderPage {
  items: Order[];
  total: number;
  page: number;
  pageSize: number;
}
