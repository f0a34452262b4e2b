import { ImageOff } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { GradingListItem } from '@gradelens/shared';
import { GradeBadge } from '@/components/grade-badge';
import { GradedInPersonMark } from '@/components/graded-in-person';
import { cn } from '@/lib/utils';
import { gameOf, imageUrl, setOf } from '../portfolio-logic.ts';
import { PriceLine } from './price-line.tsx';

export function CardThumb({ card, className }: { card: GradingListItem; className?: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) {
    return (
      <div
        className={cn(
          'flex aspect-[2.5/3.5] flex-col items-center justify-center gap-1 bg-slate-100 text-xs text-slate-500',
          className,
        )}
      >
        <ImageOff className="size-6" aria-hidden /> Image not found
      </div>
    );
  }
  return (
    <img
      src={imageUrl(card.frontThumbPath ?? card.frontImagePath)}
      alt={card.cardName ?? `Card #${card.id}`}
      className={cn('aspect-[2.5/3.5] w-full bg-slate-100 object-cover', className)}
      onError={() => setFailed(true)}
    />
  );
}

export function PortfolioCard({ card, layout }: { card: GradingListItem; layout: 'grid' | 'list' }) {
  return (
    <li
      data-testid="portfolio-card"
      className={cn('overflow-hidden rounded-xl border border-slate-200 bg-white', layout === 'list' && 'flex gap-4')}
    >
      <CardThumb card={card} className={layout === 'list' ? 'w-24 shrink-0' : undefined} />
      <div className="space-y-1 p-3">
        <div className="flex items-start justify-between gap-2">
          <p className="truncate font-semibold text-slate-900">{card.cardName ?? `Card #${card.id}`}</p>
          <GradeBadge grade={card.overallGrade} />
        </div>
        <p className="truncate text-xs text-slate-500">
          {gameOf(card)} · {setOf(card)}
        </p>
        <GradedInPersonMark method={card.gradingMethod} />
        <PriceLine card={card} />
        <p className="text-xs text-slate-400">{new Date(card.createdAt).toLocaleDateString()}</p>
        <Link to={`/card/${card.id}`} className="text-sm font-medium text-brand-600 hover:underline">
          View card
        </Link>
      </div>
    </li>
  );
}
