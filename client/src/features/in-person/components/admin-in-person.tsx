import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import {
  IN_PERSON_GRADABLE,
  IN_PERSON_MOVES,
  IN_PERSON_SERVICE_NAMES,
  IN_PERSON_STATUSES,
  IN_PERSON_STATUS_LABELS,
  formatDollars,
  inPersonMoveSchema,
  type InPersonMoveInput,
  type InPersonStatus,
  type InPersonSubmission,
} from '@gradelens/shared';
import { Field } from '@/components/field';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FormMessage } from '@/components/ui/form-message';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Pager } from '@/components/ui/pager';
import { applyServerFieldErrors, messageOf } from '@/lib/server-errors';
import { toast } from '@/lib/toast-store';
import { useAdminSubmissions, useMoveSubmission } from '../api/admin.ts';
import { GradeCardDialog } from './grade-card-dialog.tsx';
import { LoadFailed } from '@/components/load-failed';
import { formatDate, StatusBadge } from './status.tsx';
import { NativeSelect } from '@/components/ui/select';

/** The admin's 'In-person' tab: the submissions by status or search, their moves and the cards' grades. */
export function AdminInPerson() {
  const [status, setStatus] = useState<InPersonStatus | ''>('');
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [moving, setMoving] = useState<{ submission: InPersonSubmission; to: InPersonStatus } | null>(null);
  const [grading, setGrading] = useState<{ submission: InPersonSubmission; index: number } | null>(null);
  const query = useAdminSubmissions({ status, q }, page);
  return (
    <div className="space-y-4">
      <form
        className="flex flex-wrap gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          setPage(1);
          setQ(search.trim());
        }}
      >
        <NativeSelect
          aria-label="Filter by status"
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as InPersonStatus | '');
            setPage(1);
          }}
        >
          <option value="">Every status</option>
          {IN_PERSON_STATUSES.map((s) => (
            <option key={s} value={s}>
              {IN_PERSON_STATUS_LABELS[s]}
            </option>
          ))}
        </NativeSelect>
        <Input
          aria-label="Search submissions"
          placeholder="Number, name, email or username"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          className="max-w-xs"
        />
        <Button type="submit" variant="outline">
          Search
        </Button>
      </form>
      {query.isError ? (
        <LoadFailed what="submissions" onRetry={() => void query.refetch()} />
      ) : query.isPending ? (
        <p className="p-6 text-center text-slate-500">Loading…</p>
      ) : query.data.items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600">
          No submissions match.
        </p>
      ) : (
        <ul className="space-y-3">
          {query.data.items.map((s) => (
            <SubmissionRow
              key={s.id}
              submission={s}
              onMove={(to) => setMoving({ submission: s, to })}
              onGrade={(index) => setGrading({ submission: s, index })}
            />
          ))}
        </ul>
      )}
      {query.data && !query.isError && (
        <Pager page={page} pageSize={query.data.pageSize} total={query.data.total} onPage={setPage} />
      )}
      <MoveDialog move={moving} onClose={() => setMoving(null)} />
      <GradeCardDialog target={grading} onClose={() => setGrading(null)} />
    </div>
  );
}

function SubmissionRow({
  submission: s,
  onMove,
  onGrade,
}: {
  submission: InPersonSubmission;
  onMove: (to: InPersonStatus) => void;
  onGrade: (index: number) => void;
}) {
  const gradable = IN_PERSON_GRADABLE.includes(s.status) && s.account !== null;
  return (
    <li
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 text-sm"
      data-testid={`submission-${s.id}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold text-slate-900">
          #{s.id} · <span className="break-all">{s.customerName}</span>
        </p>
        <StatusBadge status={s.status} />
      </div>
      <p className="break-words text-slate-600">
        {s.email} · {s.phone} · {s.account ? `account ${s.account.username}` : 'guest, no account'}
      </p>
      <p className="text-slate-600">
        {s.totalCards} card{s.totalCards === 1 ? '' : 's'} · {IN_PERSON_SERVICE_NAMES[s.serviceType]} ·{' '}
        {formatDollars(s.totalCost)} · sent {formatDate(s.createdAt)}
        {s.trackingNumber && <span className="break-all"> · tracking {s.trackingNumber}</span>}
      </p>
      <details>
        <summary className="cursor-pointer font-medium text-slate-900">Cards ({s.totalCards})</summary>
        <ol className="mt-2 divide-y divide-slate-100">
          {s.cards.map((card) => (
            <li key={card.index} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span className="min-w-0 break-words">
                {card.index + 1}. {card.cardName}
                <span className="text-slate-500">
                  {' '}
                  · {[card.cardSet, card.gameBrand].filter(Boolean).join(' · ')} · {formatDollars(card.estimatedValue)}
                </span>
              </span>
              {card.grading ? (
                <Link to={`/card/${card.grading.id}`} className="font-medium text-brand-600 hover:underline">
                  Graded {card.grading.overallGrade ?? '-'}
                </Link>
              ) : (
                gradable && (
                  <Button
                    size="sm"
                    variant="outline"
                    aria-label={`Enter grades for card ${card.index + 1} of submission ${s.id}`}
                    onClick={() => onGrade(card.index)}
                  >
                    Enter grades
                  </Button>
                )
              )}
            </li>
          ))}
        </ol>
        {IN_PERSON_GRADABLE.includes(s.status) && s.account === null && (
          <p className="mt-2 text-xs text-slate-600">
            Sent without an account: there is no history to keep gradings in. Give the grades by mail.
          </p>
        )}
      </details>
      <div className="flex flex-wrap items-center gap-2">
        {IN_PERSON_MOVES[s.status].map((to) => (
          <Button
            key={to}
            size="sm"
            variant={to === 'cancelled' ? 'destructive' : 'default'}
            onClick={() => onMove(to)}
          >
            {to === 'cancelled' ? 'Cancel' : `Mark ${to}`}
          </Button>
        ))}
        <Link to={`/submissions/${s.id}`} className="font-medium text-brand-600 hover:underline">
          Timeline
        </Link>
      </div>
    </li>
  );
}

/** One move, with the tracking number when shipping and a note the customer is mailed. */
function MoveDialog({
  move,
  onClose,
}: {
  move: { submission: InPersonSubmission; to: InPersonStatus } | null;
  onClose: () => void;
}) {
  const change = useMoveSubmission();
  const form = useForm<InPersonMoveInput>({
    resolver: zodResolver(inPersonMoveSchema) as never,
    defaultValues: { status: 'received', trackingNumber: '', notes: '' },
  });
  const { errors } = form.formState;
  const close = () => {
    form.reset({ status: 'received', trackingNumber: '', notes: '' });
    onClose();
  };
  const to = move?.to;
  return (
    <Dialog open={move !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent>
        <DialogTitle>
          {to === 'cancelled' ? 'Cancel' : 'Move'} submission #{move?.submission.id}
          {to && to !== 'cancelled' ? ` to ${to}` : ''}
        </DialogTitle>
        <DialogDescription>
          {move && `${move.submission.customerName} is mailed the new status: ${IN_PERSON_STATUS_LABELS[move.to]}.`}
        </DialogDescription>
        {move && (
          <form
            noValidate
            className="mt-4 space-y-3"
            onSubmit={(e) => {
              // The target comes from the button pressed, not from a field.
              form.setValue('status', move.to);
              void form.handleSubmit((values) =>
                change.mutate(
                  { id: move.submission.id, ...values },
                  {
                    onSuccess: (moved) => {
                      toast({ title: `Submission #${moved.id} is now ${moved.status}` });
                      close();
                    },
                    onError: (error) => {
                      applyServerFieldErrors(error, form.setError, ['trackingNumber', 'notes']);
                      toast({ title: 'Move failed', description: messageOf(error), variant: 'destructive' });
                    },
                  },
                ),
              )(e);
            }}
          >
            {move.to === 'shipped' && (
              <Field
                id="move-tracking"
                label="Tracking number"
                error={errors.trackingNumber?.message}
                {...form.register('trackingNumber')}
              />
            )}
            <div className="space-y-1.5">
              <Label htmlFor="move-notes">Note to the customer (optional)</Label>
              <textarea
                id="move-notes"
                rows={3}
                className="w-full rounded-md border border-slate-300 p-2 text-sm"
                {...form.register('notes')}
              />
              <FormMessage id="move-notes-error" message={errors.notes?.message} />
            </div>
            <div className="flex justify-end gap-2">
              <Button type="button" variant="outline" onClick={close}>
                Back
              </Button>
              <Button
                type="submit"
                variant={move.to === 'cancelled' ? 'destructive' : 'default'}
                disabled={change.isPending}
              >
                {move.to === 'cancelled' ? 'Cancel submission' : `Mark ${move.to}`}
              </Button>
            </div>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
