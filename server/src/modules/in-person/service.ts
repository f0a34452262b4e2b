import { and, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import { IN_PERSON_MOVES, centsToAmount, type InPersonStatus, type InPersonSubmissionData } from '@gradelens/shared';
import type { Database, Executor } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { cardGradings, inPersonGradingSubmissions, users } from '../../db/schema.ts';
import { AppError, notFound } from '../../errors.ts';
import type { SessionUser } from '../sessions/service.ts';
import { recordStatusChange } from '../audit/status-changes.ts';

export type SubmissionRow = typeof inPersonGradingSubmissions.$inferSelect;

/** A card as the submission's card_list keeps it; gradingId is set once a grader entered its grades. */
export interface StoredCard {
  cardName: string;
  cardSet: string | null;
  gameBrand: string;
  estimatedValue: string;
  gradingId?: number;
}

export const cardsOf = (row: SubmissionRow): StoredCard[] => row.cardList as StoredCard[];

const submissions = inPersonGradingSubmissions;
const SUBJECT = 'in_person_submission' as const;

/**
 * Records a submission with the totals computed here, whatever the client sent: one line per
 * card, the service's price per card times the cards, in cents. Its first timeline step (none
 * to pending) is written in the same transaction.
 */
export async function createSubmission(
  db: Database,
  input: { data: InPersonSubmissionData; userId: number | null; pricePerCardCents: number },
): Promise<SubmissionRow> {
  const { data } = input;
  const cards: StoredCard[] = data.cardList.map((card) => ({
    cardName: card.cardName,
    cardSet: card.cardSet,
    gameBrand: card.gameBrand,
    estimatedValue: card.estimatedValue,
  }));
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(submissions)
      .values({
        userId: input.userId,
        customerName: data.customerName,
        email: data.email,
        phone: data.phone,
        address: data.address,
        city: data.city,
        state: data.state,
        zipCode: data.zipCode,
        cardList: cards,
        totalCards: cards.length,
        serviceType: data.serviceType,
        totalCost: centsToAmount(input.pricePerCardCents * cards.length),
        submissionNotes: data.submissionNotes,
      })
      .returning();
    if (!row) throw new Error('insert returned no row');
    await recordStatusChange(tx, {
      subject: SUBJECT,
      subjectId: row.id,
      from: null,
      to: 'pending',
      actorId: input.userId,
    });
    return row;
  });
}

/** The user's own submissions, newest first. */
export async function listOwnSubmissions(db: Database, userId: number): Promise<SubmissionRow[]> {
  return db
    .select()
    .from(submissions)
    .where(eq(submissions.userId, userId))
    .orderBy(desc(submissions.createdAt), desc(submissions.id));
}

/** The submission if this user sent it or is an admin; 404 otherwise, so nobody learns that it exists. */
export async function findVisibleSubmission(db: Database, id: number, user: SessionUser): Promise<SubmissionRow> {
  const [row] = await db.select().from(submissions).where(eq(submissions.id, id)).limit(1);
  if (!row || (row.userId !== user.id && user.isAdmin !== 1)) throw notFound('That submission');
  return row;
}

export async function findSubmission(db: Executor, id: number): Promise<SubmissionRow> {
  const [row] = await db.select().from(submissions).where(eq(submissions.id, id)).limit(1);
  if (!row) throw notFound('That submission');
  return row;
}

/** The gradings made from these submissions' cards, by id: what a card links to once graded. */
export async function gradingsOf(
  db: Executor,
  submissionIds: number[],
): Promise<Map<number, { id: number; overallGrade: number | null }>> {
  if (submissionIds.length === 0) return new Map();
  const rows = await db
    .select({ id: cardGradings.id, overallGrade: cardGradings.overallGrade })
    .from(cardGradings)
    .where(inArray(cardGradings.inPersonSubmissionId, submissionIds));
  return new Map(rows.map((row) => [row.id, row]));
}

/** The accounts that sent these submissions, by id, for the admins' answers. */
export async function accountsOf(db: Executor, rows: SubmissionRow[]): Promise<Map<number, string>> {
  const ids = [...new Set(rows.flatMap((row) => (row.userId === null ? [] : [row.userId])))];
  if (ids.length === 0) return new Map();
  const found = await db.select({ id: users.id, username: users.username }).from(users).where(inArray(users.id, ids));
  return new Map(found.map((user) => [user.id, user.username]));
}

/** The admins' list, newest first: by status, and a search by submission number, name, email or account. */
export async function listSubmissions(
  db: Database,
  query: { status?: InPersonStatus; q?: string; page: number; pageSize: number },
): Promise<{ rows: SubmissionRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(submissions.status, query.status));
  if (query.q) {
    const id = /^#?\d{1,9}$/.test(query.q) ? Number(query.q.replace('#', '')) : null;
    const pattern = containsPattern(query.q);
    const anyText = or(
      ilike(submissions.customerName, pattern),
      ilike(submissions.email, pattern),
      ilike(users.username, pattern),
      ...(id === null ? [] : [eq(submissions.id, id)]),
    );
    if (anyText) conditions.push(anyText);
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, totals] = await Promise.all([
    db
      .select({ submission: submissions })
      .from(submissions)
      .leftJoin(users, eq(users.id, submissions.userId))
      .where(where)
      .orderBy(desc(submissions.createdAt), desc(submissions.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(submissions).leftJoin(users, eq(users.id, submissions.userId)).where(where),
  ]);
  return { rows: rows.map((r) => r.submission), total: totals[0]?.total ?? 0 };
}

/** The 409 of a move the rules do not allow, naming both states and the moves that are allowed. */
export function illegalMove(id: number, from: InPersonStatus, to: InPersonStatus): AppError {
  const allowed = IN_PERSON_MOVES[from];
  const next =
    allowed.length === 0
      ? `A ${from} submission does not move any further.`
      : `From ${from} it can move to ${allowed.join(' or ')}.`;
  return new AppError('CONFLICT', `Submission #${id} cannot move from ${from} to ${to}. ${next}`);
}

/**
 * Moves a submission along its steps. The update is conditional on the status read, in one
 * transaction with its audit row: of two admins moving it at once, one wins and the other
 * answers 409 and changes nothing.
 */
export async function moveSubmission(
  db: Database,
  input: { id: number; to: InPersonStatus; trackingNumber: string | null; notes: string | null; actorId: number },
): Promise<{ row: SubmissionRow; from: InPersonStatus }> {
  return db.transaction(async (tx) => {
    const current = await findSubmission(tx, input.id);
    const from = current.status as InPersonStatus;
    if (!IN_PERSON_MOVES[from].includes(input.to)) throw illegalMove(input.id, from, input.to);
    const [row] = await tx
      .update(submissions)
      .set({
        status: input.to,
        adminNotes: input.notes,
        updatedAt: new Date(),
        // The number is the shipment's: set when shipping, kept afterwards.
        ...(input.to === 'shipped' ? { trackingNumber: input.trackingNumber } : {}),
      })
      .where(and(eq(submissions.id, input.id), eq(submissions.status, from)))
      .returning();
    if (!row) {
      const now = await findSubmission(tx, input.id);
      throw new AppError(
        'CONFLICT',
        `Submission #${input.id} was moved to ${now.status} by someone else meanwhile. Nothing was changed: reload it and choose again.`,
      );
    }
    await recordStatusChange(tx, {
      subject: SUBJECT,
      subjectId: row.id,
      from,
      to: input.to,
      actorId: input.actorId,
      note: input.notes,
    });
    return { row, from };
  });
}
