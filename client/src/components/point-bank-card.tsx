import { Coins } from 'lucide-react';
import { Link } from 'react-router';
import { POINTS_PER_GRADING, SIGNUP_BONUS_POINTS } from '@gradelens/shared';
import { usePaymentAccounts } from '@/lib/payment-accounts';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useCurrentUser } from '@/lib/current-user';

/** Balance and pricing: every grading costs points, bought in packages. */
export function PointBankCard() {
  const { user } = useCurrentUser();
  // The packages and payment methods the server sells: its POINTS_PACKAGES and payment accounts.
  const catalogue = usePaymentAccounts();
  const starter = Object.entries(catalogue.data?.packages ?? {})
    .map(([id, p]) => ({ id, ...p }))
    .sort((a, b) => a.price - b.price)[0];
  const purchasesSetUp = Object.keys(catalogue.data?.accounts ?? {}).length > 0;
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
          {starter && purchasesSetUp && (
            <li>
              {starter.points} points for ${starter.price}
            </li>
          )}
          <li>{signupText(SIGNUP_BONUS_POINTS)}</li>
        </ul>
        {catalogue.isSuccess && !purchasesSetUp ? (
          <p className="text-sm text-slate-600" data-testid="purchases-not-set-up">
            Buying points is not set up on this site yet.
          </p>
        ) : (
          starter && (
            <Button asChild className="w-full">
              <Link to="/payment">
                Purchase {starter.points} Points for ${starter.price}
              </Link>
            </Button>
          )
        )}
      </CardContent>
    </Card>
  );
}

/** What a new account starts with, from the server's starting balance (SIGNUP_BONUS_POINTS). */
export function signupText(points: number): string {
  const free = Math.floor(points / POINTS_PER_GRADING);
  return `New accounts start with ${points} points: ${free === 1 ? 'one free grading' : `${free} free gradings`}`;
}
