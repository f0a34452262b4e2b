import {
  displayedPrice,
  PRICE_SOURCE_LABEL,
  priceTier,
  soldListingsUrl,
  type GradingListItem,
} from '@gradelens/shared';
import { cn } from '@/lib/utils';
import { useCardPrice } from '../api/card-price.ts';

const TIER_CLASS = {
  low: 'text-slate-600',
  mid: 'text-green-700',
  high: 'text-blue-700',
  top: 'text-purple-700',
} as const;

export function PriceLine({
  card,
}: {
  card: Pick<GradingListItem, 'cardName' | 'cardSet' | 'gameBrand' | 'overallGrade'>;
}) {
  const price = useCardPrice(card);
  const shown = price.data?.available ? displayedPrice(price.data, card.overallGrade) : null;
  const search = price.data?.searchUrl ?? soldListingsUrl(card);
  return (
    <p className="text-xs" data-testid="price-line">
      {price.isLoading ? (
        <span className="text-slate-400">Checking price…</span>
      ) : shown ? (
        <span className={cn('font-semibold', TIER_CLASS[priceTier(shown.value)])}>
          ${shown.value.toFixed(2)} <span className="font-normal text-slate-500">({shown.label})</span>
        </span>
      ) : (
        <span className="text-slate-500">Price unavailable</span>
      )}{' '}
      <a
        href={search}
        target="_blank"
        rel="noopener noreferrer"
        className="text-brand-600 hover:underline"
        title={`Based on ${PRICE_SOURCE_LABEL}`}
      >
        {PRICE_SOURCE_LABEL}
      </a>
    </p>
  );
}
