import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { GradingStep } from '../step-indicator.tsx';

const AD_REFRESH_DELAY_MS = 500;
const ADS = [
  {
    title: 'Protect your best cards',
    text: 'Grade first, then choose which cards are worth a slab.',
    to: '/payment',
    cta: 'Get points',
  },
  {
    title: 'Track your collection',
    text: 'Every grading lands in your portfolio with prices and statistics.',
    to: '/portfolio',
    cta: 'Open portfolio',
  },
  {
    title: 'Share your pulls',
    text: 'Share a grading to the public gallery with one click.',
    to: '/gallery',
    cta: 'See the gallery',
  },
];

/** Our own ad slot (no third-party script): hidden on the results step, shown again 500 ms after a step change. */
export function HouseAd({ step }: { step: GradingStep }) {
  const [shown, setShown] = useState<number | null>(null);
  useEffect(() => {
    setShown(null);
    if (step === 'complete') return;
    const timer = setTimeout(() => setShown(Math.floor(Math.random() * ADS.length)), AD_REFRESH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [step]);
  if (shown === null) return null;
  const ad = ADS[shown]!;
  return (
    <aside
      aria-label="Advertisement"
      className="rounded-lg border border-slate-200 bg-gradient-to-r from-brand-50 to-white p-4 text-sm"
    >
      <p className="text-xs uppercase tracking-wide text-slate-400">Sponsored by GradeLens</p>
      <p className="font-semibold text-slate-900">{ad.title}</p>
      <p className="text-slate-600">
        {ad.text}{' '}
        <Link to={ad.to} className="font-medium text-brand-600 hover:underline">
          {ad.cta}
        </Link>
      </p>
    </aside>
  );
}
