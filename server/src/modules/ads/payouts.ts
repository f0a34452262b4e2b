import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  balanceBelowMinimumMessage,
  centsToAmount,
  formatDollars,
  payoutAboveBalanceMessage,
  payoutBelowMinimumMessage,
  tenThousandthsToAmount,
  tenThousandthsToCents,
  toCents,
  toTenThousandths,
  type AdEarnings,
  type AdPayoutStatus,
  type PayoutRequestInput,
} from '@gradelens/shared';
import type { Database, Executor } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { containsPattern } from '../../db/like.ts';
import { adImpressions, adPayouts, cardGradings, users } from '../../db/schema.ts';
import { AppError, notFound } from '../../errors.ts';
import { recordStatusChange } from '../audit/status-changes.ts';
import { presentPayout } from './presenter.ts';

export type PayoutRow = typeof adPayouts.$inferSelect;

/** Statuses whose amount is no longer the owner's to ask for: waiting to be paid, or paid. */
const RESERVED: AdPayoutStatus[] = ['pending', 'paid'];

/** numeric sums as PostgreSQL writes them ('12.3456'), read exactly. */
const revenueSum = sql<string>`coalesce(sum(${adImpressions.revenue}), 0)::text`;
const clickSum = sql<number>`coalesce(sum(${adImpressions.clicked}), 0)::int`;

/** Everything the owner was credited, in ten-thousandths of a dollar. */
async function creditedUnits(db: Executor, userId: number): Promise<number> {
  const [row] = await db.select({ total: revenueSum }).from(adImpressions).where(eq(adImpressions.userId, userId));
  return toTenThousandths(row?.total ?? '0');
}

/** Cents of the owner's payouts in these statuses. */
async function payoutCents(db: Executor, userId: number, statuses: AdPayoutStatus[]): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${adPayouts.amount}), 0)::text` })
    .from(adPayouts)
    .where(and(eq(adPayouts.userId, userId), inArray(adPayouts.status, statuses)));
  return toCents(row?.total ?? '0');
}

/** What the owner may ask for: whole cents of what they earned, less waiting and paid payouts; never below zero. */
async function balanceCents(db: Executor, userId: number): Promise<number> {
  const [credited, reserved] = await Promise.all([creditedUnits(db, userId), payoutCents(db, userId, RESERVED)]);
  return Math.max(0, tenThousandthsToCents(credited) - reserved);
}

/** The owner's earnings: balance, totals, by month and by grading, and their payout requests. */
export async function earningsOf(
  db: Database,
  user: { id: number; adsOptOut: number },
  settings: { minimumCents: number; ownerShare: number },
): Promise<AdEarnings> {
  const mine = eq(adImpressions.userId, user.id);
  const month = sql<string>`to_char(${adImpressions.impressionDate} at time zone 'UTC', 'YYYY-MM')`;
  const [totals, months, gradings, payouts, pending, paid] = await Promise.all([
    db.select({ impressions: count(), clicks: clickSum, earned: revenueSum }).from(adImpressions).where(mine),
    db
      .select({ month, impressions: count(), clicks: clickSum, earned: revenueSum })
      .from(adImpressions)
      .where(mine)
      .groupBy(month)
      .orderBy(desc(month))
      .limit(120),
    db
      .select({
        cardGradingId: adImpressions.cardGradingId,
        cardName: cardGradings.cardName,
        impressions: count(),
        clicks: clickSum,
        earned: revenueSum,
      })
      .from(adImpressions)
      .leftJoin(cardGradings, eq(cardGradings.id, adImpressions.cardGradingId))
      .where(mine)
      .groupBy(adImpressions.cardGradingId, cardGradings.cardName)
      .orderBy(desc(sql`sum(${adImpressions.revenue})`), desc(count()), asc(adImpressions.cardGradingId))
      .limit(100),
    db
      .select()
      .from(adPayouts)
      .where(eq(adPayouts.userId, user.id))
      .orderBy(desc(adPayouts.requestedAt), desc(adPayouts.id))
      .limit(100),
    payoutCents(db, user.id, ['pending']),
    payoutCents(db, user.id, ['paid']),
  ]);
  const total = totals[0] ?? { impressions: 0, clicks: 0, earned: '0' };
  const earnedCents = tenThousandthsToCents(toTenThousandths(total.earned));
  const exact = (sum: string) => tenThousandthsToAmount(toTenThousandths(sum));
  return {
    balance: centsToAmount(Math.max(0, earnedCents - pending - paid)),
    totalEarned: centsToAmount(earnedCents),
    pending: centsToAmount(pending),
    paidOut: centsToAmount(paid),
    impressions: total.impressions,
    clicks: total.clicks,
    months: months.map((m) => ({ ...m, earned: exact(m.earned) })),
    gradings: gradings.map((g) => ({ ...g, earned: exact(g.earned) })),
    payouts: payouts.map(presentPayout),
    minimum: centsToAmount(settings.minimumCents),
    ownerShare: shareText(settings.ownerShare),
    adsOptOut: user.adsOptOut === 1,
  };
}

/** 5000 ten-thousandths as '0.5'. */
const shareText = (share: number) => tenThousandthsToAmount(share).replace(/\.?0+$/, '') || '0';

export async function setAdsOptOut(db: Database, userId: number, optOut: boolean): Promise<boolean> {
  const [row] = await db
    .update(users)
    .set({ adsOptOut: optOut ? 1 : 0 })
    .where(eq(users.id, userId))
    .returning({ adsOptOut: users.adsOptOut });
  return row?.adsOptOut === 1;
}

const stillWaiting = (waiting: PayoutRow) =>
  new AppError(
    'CONFLICT',
    `Your payout request of ${formatDollars(waiting.amount)} is still waiting. You can ask again once it is paid or rejected.`,
  );

const amountRefused = (message: string) => new AppError('VALIDATION', message, { fields: { amount: message } });

/**
 * A payout request, in a transaction that first locks the owner's row: parallel requests take
 * turns, and each sees the requests before it, so together they never ask for more than the
 * balance. One request waits at a time (also a unique index).
 */
export async function requestPayout(
  db: Database,
  userId: number,
  input: PayoutRequestInput,
  settings: { minimumCents: number },
): Promise<PayoutRow> {
  try {
    return await db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
      const [waiting] = await tx
        .select()
        .from(adPayouts)
        .where(and(eq(adPayouts.userId, userId), eq(adPayouts.status, 'pending')));
      if (waiting) throw stillWaiting(waiting);
      const balance = await balanceCents(tx, userId);
      const minimum = centsToAmount(settings.minimumCents);
      const amount = toCents(input.amount);
      if (balance < settings.minimumCents)
        throw amountRefused(balanceBelowMinimumMessage(centsToAmount(balance), minimum));
      if (amount < settings.minimumCents) throw amountRefused(payoutBelowMinimumMessage(minimum));
      if (amount > balance) throw amountRefused(payoutAboveBalanceMessage(centsToAmount(balance)));
      const [payout] = await tx
        .insert(adPayouts)
        .values({ userId, amount: input.amount, paymentMethod: input.paymentMethod, account: input.account })
        .returning();
      if (!payout) throw new Error('insert returned no row');
      await recordStatusChange(tx, {
        subject: 'ad_payout',
        subjectId: payout.id,
        from: null,
        to: 'pending',
        actorId: userId,
        note: `Payout of ${formatDollars(payout.amount)} requested`,
      });
      return payout;
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const [waiting] = await db
      .select()
      .from(adPayouts)
      .where(and(eq(adPayouts.userId, userId), eq(adPayouts.status, 'pending')));
    throw waiting ? stillWaiting(waiting) : error;
  }
}

/** The admins' list: newest first, by status, with each owner. */
export async function listPayouts(
  db: Database,
  query: { status?: AdPayoutStatus; q?: string; page: number; pageSize: number },
) {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(adPayouts.status, query.status));
  if (query.q) {
    const id = /^#?\d{1,9}$/.test(query.q) ? Number(query.q.replace('#', '')) : null;
    const pattern = containsPattern(query.q);
    conditions.push(
      or(ilike(users.username, pattern), ilike(users.email, pattern), ...(id === null ? [] : [eq(adPayouts.id, id)]))!,
    );
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, totals] = await Promise.all([
    db
      .select({ payout: adPayouts, user: { id: users.id, username: users.username, email: users.email } })
      .from(adPayouts)
      .innerJoin(users, eq(users.id, adPayouts.userId))
      .where(where)
      .orderBy(desc(adPayouts.requestedAt), desc(adPayouts.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(adPayouts).innerJoin(users, eq(users.id, adPayouts.userId)).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

export async function ownerOf(db: Executor, payout: PayoutRow) {
  const [owner] = await db
    .select({ id: users.id, username: users.username, email: users.email })
    .from(users)
    .where(eq(users.id, payout.userId));
  return owner ?? null;
}

/**
 * An admin pays or rejects a waiting request: an update conditional on its still waiting, so of
 * parallel calls exactly one decides it (the others answer 409), with its audit row in the same
 * transaction. A rejected request's amount is the owner's to ask for again.
 */
export async function decidePayout(
  db: Database,
  id: number,
  adminId: number,
  decision: { to: 'paid'; reference: string } | { to: 'rejected'; reason: string },
): Promise<PayoutRow> {
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(adPayouts)
      .set(
        decision.to === 'paid'
          ? { status: 'paid', paymentReference: decision.reference, payoutDate: new Date(), processedBy: adminId }
          : { status: 'rejected', note: decision.reason, processedBy: adminId },
      )
      .where(and(eq(adPayouts.id, id), eq(adPayouts.status, 'pending')))
      .returning();
    if (!updated) {
      const [now] = await tx.select({ status: adPayouts.status }).from(adPayouts).where(eq(adPayouts.id, id));
      if (!now) throw notFound('That payout request');
      throw new AppError(
        'CONFLICT',
        `This payout request is already ${now.status}, so it cannot be ${decision.to} now. Nothing was changed.`,
      );
    }
    await recordStatusChange(tx, {
      subject: 'ad_payout',
      subjectId: id,
      from: 'pending',
      to: decision.to,
      actorId: adminId,
      note: decision.to === 'paid' ? `Paid, reference ${decision.reference}` : decision.reason,
    });
    return updated;
  });
}
