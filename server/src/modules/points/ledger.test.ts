import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { cardGradings, pointsLedger, users } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { openTestDatabase } from '../../../test/support/database.ts';
import { createUser } from '../../../test/support/factories.ts';
import { changePoints } from './ledger.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const balanceOf = async (userId: number) =>
  (await database.db.select({ points: users.points }).from(users).where(eq(users.id, userId)))[0]?.points;

describe('the points ledger', () => {
  it('refuses a charge larger than the balance with the deficit, and changes nothing', async () => {
    const user = await createUser(database.db);
    const attempt = database.db.transaction((tx) =>
      changePoints(tx, { userId: user.id, delta: -25, reason: 'admin_adjustment' }),
    );
    await expect(attempt).rejects.toMatchObject({
      code: 'INSUFFICIENT_POINTS',
      extra: { required: 25, balance: 20, deficit: 5 },
    });
    expect(await balanceOf(user.id)).toBe(20);
  });

  it('words a refused grading charge as docs/product.md section 8 does, singular for one point', async () => {
    const user = await createUser(database.db);
    await database.db.update(users).set({ points: 9 }).where(eq(users.id, user.id));
    const attempt = database.db.transaction((tx) =>
      changePoints(tx, { userId: user.id, delta: -10, reason: 'grading' }),
    );
    await expect(attempt).rejects.toMatchObject({
      message: 'Grading costs 10 points. You need 1 more point.',
      extra: { deficit: 1 },
    });
  });

  it('lets ten parallel charges of 10 through exactly twice for a balance of 20', async () => {
    const user = await createUser(database.db);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 10 }, () =>
        database.db.transaction((tx) => changePoints(tx, { userId: user.id, delta: -10, reason: 'admin_adjustment' })),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(2);
    for (const o of outcomes) {
      if (o.status === 'rejected') expect(o.reason).toBeInstanceOf(AppError);
    }
    expect(await balanceOf(user.id)).toBe(0);
    const [sum] = await database.db
      .select({ total: sql<number>`sum(${pointsLedger.delta})::int` })
      .from(pointsLedger)
      .where(eq(pointsLedger.userId, user.id));
    expect(sum?.total).toBe(0);
  });
});

describe('database constraints', () => {
  it('never stores a negative balance, even written directly', async () => {
    const user = await createUser(database.db);
    await expect(database.db.update(users).set({ points: -1 }).where(eq(users.id, user.id))).rejects.toThrow();
  });

  it('keeps grades between 1 and 10', async () => {
    const user = await createUser(database.db);
    const grading = { userId: user.id, frontImagePath: 'f.jpg', backImagePath: 'b.jpg' };
    await expect(database.db.insert(cardGradings).values({ ...grading, overallGrade: 11 })).rejects.toThrow();
    await expect(database.db.insert(cardGradings).values({ ...grading, cornerGrade: 0 })).rejects.toThrow();
    const [ok] = await database.db
      .insert(cardGradings)
      .values({ ...grading, overallGrade: 10 })
      .returning();
    expect(ok).toMatchObject({ overallGrade: 10, mlPowered: 0 });
  });

  it('gives a new account 20 points by default', async () => {
    const [row] = await database.db
      .insert(users)
      .values({ username: `raw_${Date.now()}`, email: `raw_${Date.now()}@example.test`, password: 'x' })
      .returning();
    expect(row).toMatchObject({ points: 20, isAdmin: 0 });
  });
});
