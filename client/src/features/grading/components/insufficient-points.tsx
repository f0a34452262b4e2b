import { Link } from 'react-router';
import { POINTS_PER_GRADING } from '@gradelens/shared';
import { Button } from '@/components/ui/button';
import { PointBankCard } from '@/components/point-bank-card';
import type { CardDetails } from './details-step.tsx';

export function InsufficientPoints({ deficit, details }: { deficit: number; details: CardDetails | null }) {
  return (
    <div className="grid gap-6 md:grid-cols-[1fr_320px]">
      <div className="space-y-4 rounded-xl border border-amber-200 bg-amber-50 p-6">
        <h3 className="text-xl font-semibold text-slate-900">You need more points</h3>
        <p className="text-slate-700">
          Grading costs {POINTS_PER_GRADING} points. You need {deficit} more point{deficit === 1 ? '' : 's'}.
        </p>
        {details && (
          <dl className="grid grid-cols-2 gap-1 text-sm text-slate-700">
            <dt className="font-medium">Card</dt>
            <dd>{details.cardName}</dd>
            <dt className="font-medium">Set</dt>
            <dd>{details.cardSet}</dd>
            <dt className="font-medium">Game</dt>
            <dd>{details.gameBrand}</dd>
          </dl>
        )}
        <Button asChild>
          <Link to="/profile">Go to My Account</Link>
        </Button>
      </div>
      <PointBankCard />
    </div>
  );
}
