import { formatDollars, type PaymentMethod } from '@gradelens/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../mail/mailer.ts';
import type { OrderRow } from './orders.ts';

export type OrderEventKind =
  'placed' | 'payment_received' | 'paid' | 'payment_rejected' | 'shipped' | 'delivered' | 'cancelled';

/**
 * The buyer's mail at each step of an order. Sent after the change is stored and not awaited by
 * the answer: a slow or failing mail server must not undo or fail what was done.
 */
export function mailOrderEvent(
  deps: { mailer: Mailer; log: FastifyBaseLogger; publicUrl: string },
  to: string,
  order: OrderRow,
  kind: OrderEventKind,
  context: { accounts?: Partial<Record<PaymentMethod, string>>; note?: string | null } = {},
): void {
  const link = `${deps.publicUrl}/orders/${order.id}`;
  const total = formatDollars(order.totalAmount);
  const accounts = Object.entries(context.accounts ?? {})
    .map(([method, account]) => `  ${method}: ${account}`)
    .join('\n');
  const texts: Record<OrderEventKind, [string, string]> = {
    placed: [
      `Order #${order.id} received`,
      `Thank you for your order of ${total}.\n\nPay ${total} by one of these:\n${accounts || '  (no payment method is set up yet: we will write to you)'}\n\nThen enter the transaction ID on your order page: ${link}\nWe ship once the payment is confirmed.`,
    ],
    payment_received: [
      `Order #${order.id}: payment received for checking`,
      `We have your ${order.paymentMethod} transaction ID ${order.transactionId} for order #${order.id} (${total}). We will confirm it once the money has arrived.\n\n${link}`,
    ],
    paid: [
      `Order #${order.id}: payment confirmed`,
      `Your payment of ${total} is confirmed. We will send the tracking number when the order ships.\n\n${link}`,
    ],
    payment_rejected: [
      `Order #${order.id}: payment not confirmed`,
      `We could not confirm your payment for order #${order.id}: ${context.note ?? ''}\n\nSend the payment again, or correct the transaction ID, on your order page: ${link}`,
    ],
    shipped: [
      `Order #${order.id} has shipped`,
      `Your order is on its way. Tracking number: ${order.trackingNumber}\n\n${link}`,
    ],
    delivered: [`Order #${order.id} delivered`, `Your order is marked delivered. Enjoy your cards!\n\n${link}`],
    cancelled: [
      `Order #${order.id} cancelled`,
      `Order #${order.id} is cancelled.${context.note ? ` ${context.note}` : ''} If you paid for it, reply to this mail and we will refund you.\n\n${link}`,
    ],
  };
  const [subject, text] = texts[kind];
  deps.mailer
    .send({ to, subject: `GradeLens: ${subject}`, text })
    .catch((error: unknown) => deps.log.error({ err: error, orderId: order.id, kind }, 'order mail failed'));
}
