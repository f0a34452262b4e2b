import { Link } from 'react-router';
import { formatDollars, type Listing } from '@gradelens/shared';
import { GradeBadge } from '@/components/grade-badge';
import { Photo } from '@/components/photo';

/** A listing in the marketplace grid: the card, its grade, sale or trade, and where. */
export function ListingCard({ listing }: { listing: Listing }) {
  const { card } = listing;
  return (
    <li className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm" data-testid="listing-card">
      <Link to={`/marketplace/${listing.id}`} className="block focus-visible:ring-2 focus-visible:ring-brand-500">
        <div className="relative">
          {card.photoPath ? (
            <Photo
              src={card.photoPath}
              alt={`Front of ${card.cardName ?? 'the card'}`}
              className="aspect-[2.5/3.5] w-full bg-slate-100 object-contain"
            />
          ) : (
            <div className="aspect-[2.5/3.5] bg-slate-100" />
          )}
          {card.overallGrade !== null && (
            <span className="absolute top-2 right-2">
              <GradeBadge grade={card.overallGrade} />
            </span>
          )}
        </div>
        <div className="space-y-1 p-3 text-sm">
          <p className="line-clamp-2 font-semibold text-slate-900">{card.cardName ?? 'Unnamed card'}</p>
          <p className="text-xs text-slate-500">{[card.cardSet, card.gameBrand].filter(Boolean).join(' · ')}</p>
          <p className="font-bold text-brand-700">
            {listing.listingType === 'sell' && listing.askingPrice ? formatDollars(listing.askingPrice) : 'For trade'}
          </p>
          <p className="text-xs text-slate-500">
            {listing.location} · {listing.seller.username}
          </p>
        </div>
      </Link>
    </li>
  );
}
