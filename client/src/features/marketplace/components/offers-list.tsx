import { Link } from 'react-router';
import { formatDollars, type Offer } from '@gradelens/shared';
import { Button } from '@/components/ui/button';
import { messageOf } from '@/lib/server-errors';
import { toast } from '@/lib/toast-store';
import { useOfferAction } from '../api/marketplace.ts';

const STATUS_TEXT: Record<Offer['status'], string> = {
  pending: 'Waiting for the seller',
  accepted: 'Accepted',
  rejected: 'Rejected',
  declined: 'Declined: the listing ended',
  withdrawn: 'Withdrawn',
};

const what = (offer: Offer) =>
  offer.offerType === 'cash' && offer.offerAmount
    ? formatDollars(offer.offerAmount)
    : `Trade: ${offer.tradeDescription}`;

/**
 * Offers as one party sees them: the seller accepts or rejects pending ones, the offerer
 * withdraws; once accepted each sees the other's e-mail to arrange it.
 */
export function OffersList({
  offers,
  as,
  showListing,
}: {
  offers: Offer[];
  as: 'seller' | 'offerer';
  showListing?: boolean;
}) {
  const act = useOfferAction();
  const run = (offer: Offer, action: 'accept' | 'reject' | 'withdraw', done: string) =>
    act.mutate(
      { id: offer.id, action },
      {
        onSuccess: () => toast({ title: done }),
        onError: (error) => toast({ title: 'Not changed', description: messageOf(error), variant: 'destructive' }),
      },
    );
  if (offers.length === 0) return <p className="text-sm text-slate-600">No offers yet.</p>;
  return (
    <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
      {offers.map((offer) => (
        <li key={offer.id} className="space-y-2 p-4 text-sm" data-testid="offer">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="font-semibold text-slate-900">{what(offer)}</span>
            <span className="text-slate-600">{STATUS_TEXT[offer.status]}</span>
          </div>
          <p className="text-slate-600">
            {as === 'seller' ? `From ${offer.offerer.username}` : `To ${offer.listing.seller}`}
            {showListing && (
              <>
                {' · '}
                <Link to={`/marketplace/${offer.listing.id}`} className="text-brand-700 hover:underline">
                  {offer.listing.cardName ?? `Listing #${offer.listing.id}`}
                </Link>
              </>
            )}
            {' · '}
            {new Date(offer.createdAt).toLocaleDateString()}
          </p>
          {offer.message && <p className="whitespace-pre-line text-slate-700">“{offer.message}”</p>}
          {offer.contactEmail && (
            <p className="rounded-lg bg-green-50 p-2 text-green-900" data-testid="contact-email">
              Write to{' '}
              <a href={`mailto:${offer.contactEmail}`} className="font-semibold underline">
                {offer.contactEmail}
              </a>{' '}
              to arrange {offer.offerType === 'cash' ? 'payment and shipping' : 'the trade'}.
            </p>
          )}
          {offer.status === 'pending' && as === 'seller' && (
            <div className="flex gap-2">
              <Button size="sm" disabled={act.isPending} onClick={() => run(offer, 'accept', 'Offer accepted')}>
                Accept
              </Button>
              <Button
                size="sm"
                variant="outline"
                disabled={act.isPending}
                onClick={() => run(offer, 'reject', 'Offer rejected')}
              >
                Reject
              </Button>
            </div>
          )}
          {offer.status === 'pending' && as === 'offerer' && (
            <Button
              size="sm"
              variant="outline"
              disabled={act.isPending}
              onClick={() => run(offer, 'withdraw', 'Offer withdrawn')}
            >
              Withdraw
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}
