import { CheckCircle2, Circle, XCircle } from 'lucide-react';
import { Link } from 'react-router';
import {
  IN_PERSON_SERVICE_NAMES,
  IN_PERSON_STATUS_LABELS,
  formatDollars,
  type InPersonEvent,
  type InPersonStatus,
  type InPersonSubmission,
} from '@gradelens/shared';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDate, formatDateTime, StatusBadge } from './status.tsx';
import { ShipTo } from './ship-to.tsx';

/** The usual way of a submission; a cancelled one leaves it. */
const PATH: readonly InPersonStatus[] = ['pending', 'received', 'grading', 'shipped', 'completed'];

/** A submission's page: where it stands, every step so far with its date and note, the tracking number, the cards. */
export function SubmissionView({ submission }: { submission: InPersonSubmission }) {
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_1fr] [&>*]:min-w-0">
      <Card>
        <CardHeader>
          <CardTitle>Status</CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          <div className="flex flex-wrap items-center gap-2">
            <StatusBadge status={submission.status} />
            <span className="text-sm text-slate-600">updated {formatDateTime(submission.updatedAt)}</span>
          </div>
          {submission.trackingNumber && (
            <p className="text-sm text-slate-900">
              Tracking number:{' '}
              <span className="break-all font-mono font-semibold" data-testid="tracking-number">
                {submission.trackingNumber}
              </span>
            </p>
          )}
          {submission.status === 'pending' && <ShipTo submissionId={submission.id} />}
          <Timeline status={submission.status} events={submission.timeline ?? []} />
        </CardContent>
      </Card>
      <div className="space-y-6 [&>*]:min-w-0">
        <Card>
          <CardHeader>
            <CardTitle>Cards</CardTitle>
          </CardHeader>
          <CardContent>
            <ol className="divide-y divide-slate-100">
              {submission.cards.map((card) => (
                <li
                  key={card.index}
                  className="flex flex-wrap items-start justify-between gap-2 py-3 text-sm"
                  data-testid="submitted-card"
                >
                  <span className="min-w-0">
                    <span className="block break-words font-medium text-slate-900">{card.cardName}</span>
                    <span className="block break-words text-slate-600">
                      {[card.cardSet, card.gameBrand].filter(Boolean).join(' · ')} · estimated{' '}
                      {formatDollars(card.estimatedValue)}
                    </span>
                  </span>
                  {card.grading ? (
                    <Link to={`/card/${card.grading.id}`} className="font-medium text-brand-600 hover:underline">
                      Grade {card.grading.overallGrade ?? '-'}: view grading
                    </Link>
                  ) : (
                    <span className="text-slate-500">Not graded yet</span>
                  )}
                </li>
              ))}
            </ol>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Details</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
              <dt className="text-slate-500">Service</dt>
              <dd className="text-slate-900">
                {IN_PERSON_SERVICE_NAMES[submission.serviceType]}, {formatDollars(submission.pricePerCard)} per card
              </dd>
              <dt className="text-slate-500">Total</dt>
              <dd className="font-semibold text-slate-900" data-testid="submission-total">
                {formatDollars(submission.totalCost)} for {submission.totalCards} card
                {submission.totalCards === 1 ? '' : 's'}
              </dd>
              <dt className="text-slate-500">Sent</dt>
              <dd className="text-slate-900">{formatDate(submission.createdAt)}</dd>
              <dt className="text-slate-500">Return to</dt>
              <dd className="break-words text-slate-900">
                {submission.customerName}, {submission.address}, {submission.city}, {submission.state}{' '}
                {submission.zipCode}
              </dd>
              {submission.submissionNotes && (
                <>
                  <dt className="text-slate-500">Your notes</dt>
                  <dd className="whitespace-pre-line break-words text-slate-900">{submission.submissionNotes}</dd>
                </>
              )}
            </dl>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}

/** The steps taken, each with its date and the shop's note, then the steps still to come. */
function Timeline({ status, events }: { status: InPersonStatus; events: InPersonEvent[] }) {
  const final = status === 'completed' || status === 'cancelled';
  const upcoming = final ? [] : PATH.slice(PATH.indexOf(status) + 1);
  return (
    <ol className="space-y-3" aria-label="Timeline">
      {events.map((event, i) => (
        <li key={`${event.to}-${i}`} className="flex gap-3 text-sm" data-testid="timeline-step">
          {event.to === 'cancelled' ? (
            <XCircle className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden />
          ) : (
            <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-green-600" aria-hidden />
          )}
          <span className="min-w-0">
            <span className="block font-medium text-slate-900">{IN_PERSON_STATUS_LABELS[event.to]}</span>
            <span className="block text-slate-500">{formatDateTime(event.at)}</span>
            {event.note && <span className="block whitespace-pre-line break-words text-slate-700">{event.note}</span>}
          </span>
        </li>
      ))}
      {upcoming.map((step) => (
        <li key={step} className="flex gap-3 text-sm text-slate-400">
          <Circle className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>{IN_PERSON_STATUS_LABELS[step]}</span>
        </li>
      ))}
    </ol>
  );
}
