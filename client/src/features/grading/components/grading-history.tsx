import { Link } from 'react-router';
import { DRAFT_KEEP_DAYS, subgradeText, type GradingListItem } from '@gradelens/shared';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { messageOf } from '@/lib/server-errors';
import { useDeleteDraft, useMyGradingPages } from '@/features/grading/api/my-gradings';
import { toast } from '@/lib/toast-store';
import { Photo } from '@/components/photo';
import { GradedInPersonMark } from '@/components/graded-in-person';

export function GradingHistory() {
  const query = useMyGradingPages();
  if (query.isLoading) return <p className="text-slate-500">Loading…</p>;
  if (query.isError && !query.data) {
    return (
      <div className="rounded-xl border border-red-200 bg-red-50 p-6 text-center">
        <p className="font-medium text-red-800">Failed to load grading history</p>
        <Button variant="outline" className="mt-3" onClick={() => void query.refetch()}>
          Try Again
        </Button>
      </div>
    );
  }
  const cards = query.data?.pages.flatMap((page) => page.items) ?? [];
  if (!cards.length) {
    return (
      <div className="rounded-xl border border-dashed border-slate-300 p-10 text-center">
        <p className="font-medium text-slate-900">No grading history yet</p>
        <Button asChild className="mt-3">
          <Link to="/">Grade a Card</Link>
        </Button>
      </div>
    );
  }
  return (
    <div>
      <p className="mb-4 text-sm text-slate-600">
        {query.hasNextPage ? `The ${cards.length} newest card(s)` : `${cards.length} card(s) graded`}
      </p>
      <ul className="grid gap-4 md:grid-cols-2">
        {cards.map((card) => (
          <HistoryCard key={card.id} card={card} />
        ))}
      </ul>
      {query.hasNextPage && (
        <div className="mt-6 flex flex-col items-center gap-2">
          {query.isFetchNextPageError && (
            <p className="text-sm text-red-700" role="alert">
              Could not load more cards. {messageOf(query.error)}
            </p>
          )}
          <Button variant="outline" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
            {query.isFetchingNextPage ? 'Loading...' : 'Load More'}
          </Button>
        </div>
      )}
    </div>
  );
}

function Thumb({ src, alt }: { src: string; alt: string }) {
  return (
    <Photo
      src={src}
      alt={alt}
      placeholder="No image"
      className="aspect-[2.5/3.5] w-full rounded bg-slate-100 object-cover"
    />
  );
}

function HistoryCard({ card }: { card: GradingListItem }) {
  const grades: [string, number | null][] = [
    ['Corners', card.cornerGrade],
    ['Edges', card.edgeGrade],
    ['Surface', card.surfaceGrade],
    ['Centering', card.centeringGrade],
  ];
  return (
    <li className="flex gap-4 rounded-xl border border-slate-200 bg-white p-4" data-testid="history-card">
      <div className="grid w-32 shrink-0 grid-cols-2 gap-1">
        <Thumb src={card.frontThumbPath ?? card.frontImagePath} alt="Front" />
        <Thumb src={card.backImagePath} alt="Back" />
      </div>
      <div className="min-w-0 flex-1 space-y-1 text-sm">
        <div className="flex items-start justify-between gap-2">
          <p className="truncate font-semibold text-slate-900">{card.cardName ?? `Card #${card.id}`}</p>
          <span className="rounded-full bg-brand-600 px-2 py-0.5 text-xs font-bold text-white">
            {card.overallGrade ?? 'N/A'}
          </span>
        </div>
        <p className="text-xs text-slate-500">ID: {card.id}</p>
        <GradedInPersonMark method={card.gradingMethod} />
        <p className="text-slate-600">
          {[card.cardSet, card.cardNumber && `#${card.cardNumber}`].filter(Boolean).join(' ')}
        </p>
        <p className="text-slate-600">{[card.year, card.gameBrand].filter(Boolean).join(' · ')}</p>
        <p className="text-xs text-slate-500">{new Date(card.createdAt).toLocaleDateString()}</p>
        <p className="text-xs text-slate-600">
          {grades.map(([name, g]) => `${name} ${subgradeText(g, card.overallGrade !== null, 'N/A')}`).join(' · ')}
        </p>
        {card.gradedAt === null && (
          <p className="text-xs text-amber-800" data-testid="draft-note">
            Draft: not graded, nothing charged.{card.rejection ? ` Last try: ${card.rejection.message}` : ''} Drafts are
            deleted {DRAFT_KEEP_DAYS} days after upload (this one on{' '}
            {new Date(new Date(card.createdAt).getTime() + DRAFT_KEEP_DAYS * 86_400_000).toLocaleDateString()}).
          </p>
        )}
        <div className="flex items-center gap-4">
          {card.gradedAt === null ? (
            <Link to={`/?draft=${card.id}`} className="text-sm font-medium text-brand-600 hover:underline">
              Continue
            </Link>
          ) : (
            <Link to={`/card/${card.id}`} className="text-sm font-medium text-brand-600 hover:underline">
              View Details
            </Link>
          )}
          {card.gradedAt === null && <DeleteDraft card={card} />}
        </div>
      </div>
    </li>
  );
}

/** Only ungraded uploads can be deleted: they free a place under the limit on waiting uploads. */
function DeleteDraft({ card }: { card: GradingListItem }) {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteDraft();
  const name = card.cardName ?? `Card #${card.id}`;
  return (
    <>
      <Button variant="link" size="sm" className="h-auto p-0 text-red-700" onClick={() => setConfirming(true)}>
        Delete
      </Button>
      <Dialog open={confirming} onOpenChange={setConfirming}>
        <DialogContent>
          <DialogTitle>Delete {name}?</DialogTitle>
          <DialogDescription>This card was never graded. Its photos will be deleted for good.</DialogDescription>
          <div className="mt-6 flex justify-end gap-2">
            <Button variant="outline" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button
              variant="destructive"
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(card.id, {
                  onSuccess: () => {
                    setConfirming(false);
                    toast({ title: 'Upload deleted' });
                  },
                  onError: (error) =>
                    toast({
                      title: 'Could not delete the upload',
                      description: messageOf(error),
                      variant: 'destructive',
                    }),
                })
              }
            >
              {remove.isPending ? 'Deleting...' : 'Delete'}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </>
  );
}
