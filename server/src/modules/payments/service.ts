import { and, asc, count, desc, eq } from 'drizzle-orm';
import {
  DEFAULT_REJECTION_NOTE,
  type ManualPaymentInput,
  type ManualPaymentResponse,
  type PointsPackage,
} from '@gradelens/shared';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { manualPayments, orders, users } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { changePoints } from '../points/ledger.ts';

type PaymentRow = typeof manualPayments.$inferSelect;

/** Records a payment the user says they sent; points come only when an admin approves it. */
export async function submitPayment(
  db: Database,
  userId: number,
  input: ManualPaymentInput,
  packages: readonly PointsPackage[],
): Promise<ManualPaymentResponse> {
  const pkg = packages.find((p) => p.id === input.packageId);
  if (!pkg) {
    throw new AppError('VALIDATION', 'Please select a points package first.', {
      fields: { packageId: 'Select a package' },
    });
  }
  const duplicate = () =>
    new AppError(
      'CONFLICT',
      `That ${input.paymentMethod} transaction ID (${input.transactionId}) has already been submitted. Check the reference and try again.`,
      {
        fields: { transactionId: 'This transaction ID was already submitted' },
      },
    );
  // A transaction id pays for one thing: one already given for a shop order is taken too.
  const [usedForOrder] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.paymentMethod, input.paymentMethod), eq(orders.transactionId, input.transactionId)));
  if (usedForOrder) throw duplicate();
  // The id arrives normalised (manualPaymentSchema): the unique index on (method, transaction id)
  // compares it as stored and decides, also between racing submissions.
  let created: PaymentRow | undefined;
  try {
    [created] = await db
      .insert(manualPayments)
      .values({
        userId,
        packageId: pkg.id,
        pointsRequested: pkg.points,
        amount: pkg.price.toFixed(2),
        paymentMethod: input.paymentMethod,
        transactionId: input.transactionId,
      })
      .returning();
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate();
    throw error;
  }
  if (!created) throw new Error('insert returned no row');
  const [user] = await db.select({ points: users.points }).from(users).where(eq(users.id, userId));
  return {
    paymentId: created.id,
    transactionId: created.transactionId,
    status: 'pending',
    pointsAdded: 0,
    newBalance: user?.points ?? 0,
    message: `Payment submitted. ${pkg.points} points will be added to your account once an admin has checked it.`,
  };
}

export async function listUserPayments(db: Database, userId: number): Promise<PaymentRow[]> {
  return db
    .select()
    .from(manualPayments)
    .where(eq(manualPayments.userId, userId))
    .orderBy(desc(manualPayments.createdAt), desc(manualPayments.id));
}

/** One page of the payments waiting for a decision, oldest first. */
export async function listPendingPayments(db: Database, page: { page: number; pageSize: number }) {
  const pending = eq(manualPayments.status, 'pending');
  const [rows, totals] = await Promise.all([
    db
      .select({ payment: manualPayments, username: users.username })
      .from(manualPayments)
      .innerJoin(users, eq(users.id, manualPayments.userId))
      .where(pending)
      .orderBy(asc(manualPayments.createdAt), asc(manualPayments.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ total: count() }).from(manualPayments).where(pending),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

/**
 * Decides a pending payment once. The status change is conditional on 'pending', so of two
 * racing decisions one wins and the other answers 409; approval credits in the same transaction.
 */
export async function decidePayment(
  db: Database,
  input: { paymentId: number; adminId: number; decision: 'approved' | 'rejected'; notes?: string },
): Promise<{ payment: PaymentRow; newBalance?: number }> {
  return db.transaction(async (tx) => {
    const [payment] = await tx
      .update(manualPayments)
      .set({
        status: input.decision,
        processedAt: new Date(),
        processedBy: input.adminId,
        notes: input.decision === 'rejected' ? input.notes || DEFAULT_REJECTION_NOTE : (input.notes ?? null),
      })
      .where(and(eq(manualPayments.id, input.paymentId), eq(manualPayments.status, 'pending')))
      .returning();
    if (!payment) {
      const [existing] = await tx
        .select({ status: manualPayments.status })
        .from(manualPayments)
        .where(eq(manualPayments.id, input.paymentId));
      if (!existing) throw new AppError('NOT_FOUND', 'That payment was not found.');
      throw new AppError('CONFLICT', `That payment was already ${existing.status}. Nothing was changed.`);
    }
    if (input.decision === 'rejected') return { payment };
    const newBalance = await changePoints(tx, {
      userId: payment.userId,
      delta: payment.pointsRequested,
      reason: 'payment',
      manualPaymentId: payment.id,
      actorId: input.adminId,
    });
    return { payment, newBalance };
  });
}
