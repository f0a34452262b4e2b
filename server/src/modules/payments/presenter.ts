import type { MyPayment, PaymentMethod, PaymentStatus, PendingPayment } from '@gradelens/shared';
import type { manualPayments } from '../../db/schema.ts';

type PaymentRow = typeof manualPayments.$inferSelect;

export const presentMyPayment = (p: PaymentRow): MyPayment => ({
  id: p.id,
  packageId: p.packageId,
  pointsRequested: p.pointsRequested,
  amount: Number(p.amount),
  paymentMethod: p.paymentMethod as PaymentMethod,
  transactionId: p.transactionId,
  status: p.status as PaymentStatus,
  notes: p.notes,
  createdAt: p.createdAt.toISOString(),
  processedAt: p.processedAt?.toISOString() ?? null,
});

export const presentPendingPayment = ({
  payment: p,
  username,
}: {
  payment: PaymentRow;
  username: string;
}): PendingPayment => ({
  id: p.id,
  userId: p.userId,
  username,
  packageId: p.packageId,
  pointsRequested: p.pointsRequested,
  amount: Number(p.amount),
  paymentMethod: p.paymentMethod as PaymentMethod,
  transactionId: p.transactionId,
  createdAt: p.createdAt.toISOString(),
});
