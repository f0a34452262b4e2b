import { Coins } from 'lucide-react';
import { Link } from 'react-router';
import { DEFAULT_PACKAGES, POINTS_PER_GRADING } from '@gradelens/shared';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useCurrentUser } from '../api/current-user.ts';

const starter = DEFAULT_PACKAGES[0]!;

/** Balance and pricing: every grading costs points, bought in packages. */
export function PointBankCard() {
  const { user } = useCurrentUser();
  return (
    <Card className="self-start">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Coins className="size-5 text-amber-500" aria-hidden /> Point Bank
        </CardTitle>
        <CardDescription>Points pay for gradings.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {user && (
          <p className="text-sm text-slate-600">
            Your balance: <span className="text-2xl font-bold text-slate-900">{user.points}</span> points
          </p>
        )}
        <ul className="space-y-1 text-sm text-slate-600">
          <li>{POINTS_PER_GRADING} points per card grading</li>
          <li>
            {starter.points} points for ${starter.price}
          </li>
          <li>New accounts start with 20 points: two free gradings</li>
        </ul>
        <Button asChild className="w-full">
          <Link to="/payment">
            Purchase {starter.points} Points for ${starter.price}
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}
