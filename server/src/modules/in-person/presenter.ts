import {
  centsToAmount,
  toCents,
  type InPersonCard,
  type InPersonEvent,
  type InPersonServiceType,
  type InPersonStatus,
  type InPersonSubmission,
  type InPersonSummary,
} from '@gradelens/shared';
import { cardsOf, type SubmissionRow } from './service.ts';

type GradingLinks = Map<number, { id: number; overallGrade: number | null }>;

export const presentSummary = (row: SubmissionRow): InPersonSummary => ({
  id: row.id,
  status: row.status as InPersonStatus,
  serviceType: row.serviceType as InPersonServiceType,
  totalCards: row.totalCards,
  totalCost: centsToAmount(toCents(row.totalCost)),
  trackingNumber: row.trackingNumber,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** Each card with its grading once graded; a grading since deleted shows as not graded. */
function presentCards(row: SubmissionRow, gradings: GradingLinks): InPersonCard[] {
  return cardsOf(row).map((card, index) => ({
    index,
    cardName: card.cardName,
    cardSet: card.cardSet,
    gameBrand: card.gameBrand,
    estimatedValue: card.estimatedValue,
    grading: card.gradingId === undefined ? null : (gradings.get(card.gradingId) ?? null),
  }));
}

export function presentSubmission(
  row: SubmissionRow,
  context: {
    gradings: GradingLinks;
    timeline?: { from: string | null; to: string; note: string | null; at: Date }[];
    /** Admin answers only: the account's name by id. */
    accounts?: Map<number, string>;
  },
): InPersonSubmission {
  const totalCents = toCents(row.totalCost);
  return {
    ...presentSummary(row),
    customerName: row.customerName,
    email: row.email,
    phone: row.phone,
    address: row.address,
    city: row.city,
    state: row.state,
    zipCode: row.zipCode,
    // Exact: the total was stored as price per card times cards.
    pricePerCard: centsToAmount(Math.round(totalCents / row.totalCards)),
    submissionNotes: row.submissionNotes,
    adminNotes: row.adminNotes,
    cards: presentCards(row, context.gradings),
    ...(context.timeline ? { timeline: context.timeline.map(presentEvent) } : {}),
    ...(context.accounts
      ? {
          account:
            row.userId === null
              ? null
              : { id: row.userId, username: context.accounts.get(row.userId) ?? `User #${row.userId}` },
        }
      : {}),
  };
}

const presentEvent = (event: { from: string | null; to: string; note: string | null; at: Date }): InPersonEvent => ({
  from: event.from as InPersonStatus | null,
  to: event.to as InPersonStatus,
  note: event.note,
  at: event.at.toISOString(),
});
