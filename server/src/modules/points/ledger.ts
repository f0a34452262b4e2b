import { and, eq, gte, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { pointsLedger, users } from '../../db/schema.ts';
import { AppError, insufficientPoints } from '../../errors.ts';

export type LedgerReason = 'signup_bonus' | 'grading' | 'payment' | 'admin_adjustment';

export interface PointsChange {
  userId: number;
  delta: number;
  reason: LedgerReason;
  cardGradingId?: number;
  manualPaymentId?: number;
  actorId?: number;
  note?: string;
}

/**
 * Changes a balance and writes its ledger row, inside the caller's transaction. The update
 * itself refuses to go below zero, so concurrent charges cannot overdraw an account.
 */
export async function changePoints(tx: Transaction, change: PointsChange): Promise<number> {
  const updated = await tx
    .update(users)
    .set({ points: sql`${users.points} + ${change.delta}` })
    .where(and(eq(users.id, change.userId), gte(sql`${users.points} + ${change.delta}`, 0)))
    .returning({ points: users.points });
  const balance = updated[0]?.points;
  if (balance === undefined) {
    const [current] = await tx.select({ points: users.points }).from(users).where(eq(users.id, change.userId));
    if (!current) throw new AppError('NOT_FOUND', 'That account was not found.');
    throw insufficientPoints(-change.delta, current.points);
  }
  await tx.insert(pointsLedger).values({ ...change, balanceAfter: balance });
  return balance;
}
