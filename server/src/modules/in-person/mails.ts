import {
  IN_PERSON_SERVICE_NAMES,
  formatDollars,
  type InPersonServiceType,
  type InPersonStatus,
} from '@gradelens/shared';
import type { OutgoingMail } from '../../mail/mailer.ts';
import { cardsOf, type SubmissionRow } from './service.ts';

/** Where the customer follows the submission: its page, for a customer with an account. */
function followUp(row: SubmissionRow, publicUrl: string): string[] {
  return row.userId === null
    ? ['We will mail you at this address at each step.']
    : ['Follow it on its page (sign in first):', `${publicUrl}/submissions/${row.id}`];
}

/** The confirmation of a new submission: what was sent, what it costs, what to do next. */
export function confirmationMail(row: SubmissionRow, publicUrl: string, shipTo: string | null): OutgoingMail {
  const service = IN_PERSON_SERVICE_NAMES[row.serviceType as InPersonServiceType];
  const cards = cardsOf(row).map(
    (card, i) =>
      `  ${i + 1}. ${card.cardName}${card.cardSet ? `, ${card.cardSet}` : ''} (${card.gameBrand}), estimated ${formatDollars(card.estimatedValue)}`,
  );
  return {
    to: row.email,
    subject: `GradeLens in-person grading: submission #${row.id} received`,
    text: [
      `Hello ${row.customerName},`,
      '',
      `We have your in-person grading submission #${row.id}:`,
      `${row.totalCards} card${row.totalCards === 1 ? '' : 's'}, ${service} service, total ${formatDollars(row.totalCost)}.`,
      '',
      ...cards,
      '',
      `Pack the cards safely and write the submission number #${row.id} on the parcel,`,
      'so we can match it when it arrives.',
      '',
      ...(shipTo
        ? ['Send it to:', ...shipTo.split('\n').map((line) => `  ${line}`)]
        : ['We will write to you with the address to send it to.']),
      '',
      ...followUp(row, publicUrl),
    ].join('\n'),
  };
}

const WHAT_HAPPENED: Record<InPersonStatus, string> = {
  pending: 'is waiting for your cards.',
  received: 'has arrived: we have received your cards.',
  grading: 'is being graded: a grader is looking at your cards.',
  shipped: 'is graded and your cards are on their way back to you.',
  completed: 'is complete.',
  cancelled: 'was cancelled.',
};

/** The notice of a step: what happened, the tracking number when shipped, the shop's note. */
export function statusMail(row: SubmissionRow, publicUrl: string): OutgoingMail {
  const status = row.status as InPersonStatus;
  return {
    to: row.email,
    subject: `GradeLens in-person grading: submission #${row.id} ${status}`,
    text: [
      `Hello ${row.customerName},`,
      '',
      `Your in-person grading submission #${row.id} ${WHAT_HAPPENED[status]}`,
      ...(status === 'shipped' && row.trackingNumber ? ['', `Tracking number: ${row.trackingNumber}`] : []),
      ...(row.adminNotes ? ['', 'A note from the shop:', row.adminNotes] : []),
      '',
      ...followUp(row, publicUrl),
    ].join('\n'),
  };
}
