import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { formatDollars } from '@gradelens/shared';
import { Photo } from '@/components/photo';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { returnState } from '@/features/auth/return-path';
import { GradeReportView, toReportGrades } from '@/features/grading/components/grade-report';
import {
  useListing,
  useListingOffers,
  useRemoveListing,
  useWithdrawListing,
} from '@/features/marketplace/api/marketplace';
import { MakeOfferForm } from '@/features/marketplace/components/offer-form';
import { OffersList } from '@/features/marketplace/components/offers-list';
import { ApiError } from '@/lib/api';
import { useCurrentUser } from '@/lib/current-user';
import { usePageTitle } from '@/lib/page-title';
import { messageOf } from '@/lib/server-errors';
import { toast } from '@/lib/toast-store';
import { PageSpinner } from '../guards.tsx';

/** /marketplace/:id: a listing with the card's full GradeLens report, offers and the seller's tools. */
export function ListingPage() {
  const id = Number(useParams().id);
  const listing = useListing(id);
  const { user } = useCurrentUser();
  const location = useLocation();
  const mine = listing.data?.mine ?? false;
  const offers = useListingOffers(id, mine || Boolean(user?.isAdmin));
  const withdraw = useWithdrawListing();
  const [takingDown, setTakingDown] = useState(false);
  usePageTitle(listing.data?.card.cardName ?? 'Listing');
  if (listing.isLoading) return <PageSpinner />;
  if (!listing.data) {
    const missing = listing.error instanceof ApiError && [400, 404].includes(listing.error.status);
    return (
      <div className="mx-auto max-w-md px-4 py-24 text-center" role="alert">
        <h1 className="text-2xl font-bold text-slate-900">{missing ? 'Listing not found' : 'Listing not loaded'}</h1>
        <p className="mt-2 text-slate-600">
          {missing ? 'It may have been sold, traded or withdrawn.' : `${messageOf(listing.error)} Reload to try again.`}
        </p>
        <Button asChild className="mt-4">
          <Link to="/marketplace">Back to the marketplace</Link>
        </Button>
      </div>
    );
  }
  const l = listing.data;
  const active = l.status === 'active';
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <Link to="/marketplace" className="text-sm text-brand-700 hover:underline">
        ← Marketplace
      </Link>
      <div className="mt-4 flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-slate-900">{l.card.cardName ?? 'Unnamed card'}</h1>
          <p className="text-slate-600">
            {[l.card.cardSet, l.card.cardNumber && `#${l.card.cardNumber}`, l.card.year, l.card.gameBrand]
              .filter(Boolean)
              .join(' · ')}
          </p>
          <p className="mt-2 text-2xl font-bold text-brand-700" data-testid="listing-price">
            {l.listingType === 'sell' && l.askingPrice ? formatDollars(l.askingPrice) : 'For trade'}
            {l.listingType === 'trade' && l.askingPrice ? ` or ${formatDollars(l.askingPrice)}` : ''}
          </p>
          <p className="text-sm text-slate-600">
            {l.seller.username} · {l.location} · {l.viewCount} views
            {!active && (
              <span
                className="ml-2 rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold capitalize"
                data-testid="listing-status"
              >
                {l.status}
              </span>
            )}
          </p>
          {l.removedReason && <p className="mt-1 text-sm text-red-700">Taken down: {l.removedReason}</p>}
        </div>
        <div className="flex flex-wrap gap-2">
          {mine && active && (
            <Button
              variant="outline"
              disabled={withdraw.isPending}
              onClick={() =>
                withdraw.mutate(l.id, {
                  onSuccess: () => toast({ title: 'Listing withdrawn' }),
                  onError: (e) => toast({ title: 'Not withdrawn', description: messageOf(e), variant: 'destructive' }),
                })
              }
            >
              Withdraw listing
            </Button>
          )}
          {user?.isAdmin && active && !mine && (
            <Button variant="destructive" onClick={() => setTakingDown(true)}>
              Take down
            </Button>
          )}
        </div>
      </div>
      <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_360px]">
        <div className="space-y-6">
          <p className="whitespace-pre-line rounded-xl border border-slate-200 bg-white p-4 text-slate-700">
            {l.description}
            {l.tradePreferences && `\n\nWould trade for: ${l.tradePreferences}`}
          </p>
          <div className="grid gap-6 lg:grid-cols-[220px_1fr]">
            <div className="grid grid-cols-2 gap-3 lg:grid-cols-1">
              <Photo
                src={l.grading.frontImagePath}
                alt="Front of the card"
                className="aspect-[2.5/3.5] w-full rounded-lg bg-slate-100 object-contain ring-1 ring-slate-200"
              />
              <Photo
                src={l.grading.backImagePath}
                alt="Back of the card"
                className="aspect-[2.5/3.5] w-full rounded-lg bg-slate-100 object-contain ring-1 ring-slate-200"
              />
            </div>
            <GradeReportView grades={toReportGrades(l.grading)} />
          </div>
        </div>
        <aside className="space-y-4 self-start">
          {mine || user?.isAdmin ? (
            <section aria-labelledby="offers-heading" className="space-y-2">
              <h2 id="offers-heading" className="font-semibold text-slate-900">
                Offers
              </h2>
              {offers.data && <OffersList offers={offers.data} as="seller" />}
            </section>
          ) : !active ? null : user ? (
            <MakeOfferForm listingId={l.id} />
          ) : (
            <Button asChild className="w-full">
              <Link to="/auth" state={returnState(location)}>
                Sign in to make an offer
              </Link>
            </Button>
          )}
        </aside>
      </div>
      <TakeDownDialog id={takingDown ? l.id : null} onClose={() => setTakingDown(false)} />
    </div>
  );
}

function TakeDownDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const remove = useRemoveListing();
  const [reason, setReason] = useState('');
  return (
    <Dialog open={id !== null} onOpenChange={(o) => !o && onClose()}>
      <DialogContent>
        <DialogTitle>Take this listing down?</DialogTitle>
        <DialogDescription>The seller is mailed the reason; pending offers are declined.</DialogDescription>
        <form
          noValidate
          className="mt-4 space-y-3"
          onSubmit={(e) => {
            e.preventDefault();
            if (id === null) return;
            remove.mutate(
              { id, reason: reason.trim() },
              {
                onSuccess: () => {
                  toast({ title: 'Listing taken down' });
                  onClose();
                },
                onError: (err) =>
                  toast({ title: 'Not taken down', description: messageOf(err), variant: 'destructive' }),
              },
            );
          }}
        >
          <Label htmlFor="take-down-reason">Reason</Label>
          <Input id="take-down-reason" value={reason} onChange={(e) => setReason(e.target.value)} />
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={onClose}>
              Back
            </Button>
            <Button type="submit" variant="destructive" disabled={remove.isPending || reason.trim().length < 3}>
              Take down
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
