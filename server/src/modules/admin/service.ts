import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { GradeCorrectionInput } from '@gradelens/shared';
import { containsPattern } from '../../db/like.ts';
import type { Database } from '../../db/client.ts';
import { cardGradings, gradeCorrections, users } from '../../db/schema.ts';
import { AppError, notFound } from '../../errors.ts';
import { changePoints } from '../points/ledger.ts';

type GradingRow = typeof cardGradings.$inferSelect;

export interface GradingFilters {
  grade?: number;
  cardName?: string;
  userId?: number;
  q?: string;
  page: number;
  pageSize: number;
}

/**
 * Every grading matching the filters, newest first, filtered and paged by the database. A search
 * that is a grading's id puts that grading first, ahead of newer cards whose names hold the digits.
 */
export async function searchGradings(db: Database, filters: GradingFilters) {
  const conditions: SQL[] = [];
  const searchedId = filters.q && /^\d+$/.test(filters.q) ? Number(filters.q) : undefined;
  if (filters.grade !== undefined) conditions.push(eq(cardGradings.overallGrade, filters.grade));
  if (filters.userId !== undefined) conditions.push(eq(cardGradings.userId, filters.userId));
  if (filters.cardName) conditions.push(ilike(cardGradings.cardName, containsPattern(filters.cardName)));
  if (filters.q) {
    const pattern = containsPattern(filters.q);
    const anyText = or(
      ilike(cardGradings.cardName, pattern),
      ilike(cardGradings.cardSet, pattern),
      ilike(cardGradings.gameBrand, pattern),
      searchedId !== undefined ? eq(cardGradings.id, searchedId) : undefined,
    );
    if (anyText) conditions.push(anyText);
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, totals] = await Promise.all([
    db
      .select({ grading: cardGradings, ownerName: users.username })
      .from(cardGradings)
      .innerJoin(users, eq(users.id, cardGradings.userId))
      .where(where)
      .orderBy(
        ...(searchedId !== undefined ? [desc(sql`${cardGradings.id} = ${searchedId}`)] : []),
        desc(cardGradings.createdAt),
        desc(cardGradings.id),
      )
      .limit(filters.pageSize)
      .offset((filters.page - 1) * filters.pageSize),
    db.select({ total: count() }).from(cardGradings).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

const CORRECTED_FIELDS = [
  'cornerGrade',
  'edgeGrade',
  'surfaceGrade',
  'centeringGrade',
  'overallGrade',
  'notes',
  'gradingMethod',
  'mlPowered',
] as const;

/** Applies an admin's correction and records who changed what from what, in one transaction. */
export async function correctGrade(
  db: Database,
  input: { gradingId: number; adminId: number; correction: GradeCorrectionInput },
): Promise<GradingRow> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(cardGradings).where(eq(cardGradings.id, input.gradingId)).for('update');
    if (!current) throw notFound('That card grading');
    const { mlPowered, ...rest } = input.correction;
    const changes = {
      ...rest,
      ...(mlPowered === undefined ? {} : { mlPowered: mlPowered ? 1 : 0 }),
      notes: rest.notes === undefined ? current.notes : rest.notes,
      gradingMethod:
        rest.gradingMethod === undefined || rest.gradingMethod === null ? current.gradingMethod : rest.gradingMethod,
    };
    const [updated] = await tx
      .update(cardGradings)
      .set({ ...changes, gradedAt: current.gradedAt ?? new Date() })
      .where(eq(cardGradings.id, current.id))
      .returning();
    if (!updated) throw notFound('That card grading');
    const pick = (row: GradingRow) => Object.fromEntries(CORRECTED_FIELDS.map((f) => [f, row[f]]));
    await tx.insert(gradeCorrections).values({
      cardGradingId: current.id,
      adminId: input.adminId,
      oldValues: pick(current),
      newValues: pick(updated),
    });
    return updated;
  });
}

export async function listCorrections(db: Database, gradingId: number) {
  return db
    .select({ correction: gradeCorrections, adminName: users.username })
    .from(gradeCorrections)
    .leftJoin(users, eq(users.id, gradeCorrections.adminId))
    .where(eq(gradeCorrections.cardGradingId, gradingId))
    .orderBy(desc(gradeCorrections.createdAt), desc(gradeCorrections.id));
}

/** One page of users, newest first, optionally those whose name or email holds `q`. */
export async function listUsers(db: Database, query: { q?: string; page: number; pageSize: number }) {
  const where = query.q
    ? or(ilike(users.username, containsPattern(query.q)), ilike(users.email, containsPattern(query.q)))
    : undefined;
  const [rows, totals] = await Promise.all([
    db
      .select({
        id: users.id,
        username: users.username,
        email: users.email,
        points: users.points,
        isAdmin: users.isAdmin,
        createdAt: users.createdAt,
      })
      .from(users)
      .where(where)
      .orderBy(sql`${users.id} desc`)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

/**
 * An admin adds or removes points: the balance and a ledger row (reason admin_adjustment, the
 * admin as actor, the reason as the note the user sees) in one transaction, never below zero.
 */
export async function adjustPoints(
  db: Database,
  input: { userId: number; adminId: number; delta: number; reason: string },
): Promise<number> {
  try {
    return await db.transaction((tx) =>
      changePoints(tx, {
        userId: input.userId,
        delta: input.delta,
        reason: 'admin_adjustment',
        actorId: input.adminId,
        note: input.reason,
      }),
    );
  } catch (error) {
    if (error instanceof AppError && error.code === 'INSUFFICIENT_POINTS') {
      const [row] = await db.select({ points: users.points }).from(users).where(eq(users.id, input.userId));
      throw new AppError(
        'CONFLICT',
        `That would take the balance below zero: the account has ${row?.points ?? 0} points.`,
      );
    }
    throw error;
  }
}
