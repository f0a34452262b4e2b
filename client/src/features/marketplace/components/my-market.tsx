import { Link } from 'react-router';
import { formatDollars } from '@gradelens/shared';
import { LoadFailed } from '@/components/load-failed';
import { useMyListings, useOffers } from '../api/marketplace.ts';
import { OffersList } from './offers-list.tsx';

/** The profile's 'My listings': every listing of the user's, with its status and views. */
export function MyListings() {
  const listings = useMyListings();
  if (listings.isError) return <LoadFailed what="your listings" onRetry={() => void listings.refetch()} />;
  if (!listings.data) return <p className="p-4 text-sm text-slate-600">Loading your listings…</p>;
  if (listings.data.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600">
        No listings yet. Open a graded card and choose List this card.
      </p>
    );
  }
  return (
    <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
      {listings.data.map((l) => (
        <li
          key={l.id}
          className="flex flex-wrap items-center justify-between gap-2 p-4 text-sm"
          data-testid="my-listing"
        >
          <Link to={`/marketplace/${l.id}`} className="font-semibold text-brand-700 hover:underline">
            {l.card.cardName ?? `Listing #${l.id}`}
          </Link>
          <span>{l.listingType === 'sell' && l.askingPrice ? formatDollars(l.askingPrice) : 'Trade'}</span>
          <span className="text-slate-600">{l.viewCount} views</span>
          <span className="font-medium capitalize">{l.status}</span>
          {l.removedReason && <span className="basis-full text-red-700">Taken down: {l.removedReason}</span>}
        </li>
      ))}
    </ul>
  );
}

/** The profile's 'My offers': those the user made and those received on their listings. */
export function MyOffers() {
  const made = useOffers('made');
  const received = useOffers('received');
  return (
    <div className="space-y-6">
      <section aria-labelledby="offers-received">
        <h2 id="offers-received" className="mb-2 font-semibold text-slate-900">
          Received
        </h2>
        {received.isError ? (
          <LoadFailed what="offers" onRetry={() => void received.refetch()} />
        ) : (
          received.data && <OffersList offers={received.data} as="seller" showListing />
        )}
      </section>
      <section aria-labelledby="offers-made">
        <h2 id="offers-made" className="mb-2 font-semibold text-slate-900">
          Made
        </h2>
        {made.isError ? (
          <LoadFailed what="offers" onRetry={() => void made.refetch()} />
        ) : (
          made.data && <OffersList offers={made.data} as="offerer" showListing />
        )}
      </section>
    </div>
  );
}
