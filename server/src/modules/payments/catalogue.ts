import { DEFAULT_PACKAGES, type PaymentAccountsResponse, type PointsPackage } from '@gradelens/shared';
import type { Env } from '../../env.ts';

/** The packages on sale: the spec's defaults unless POINTS_PACKAGES replaces them. */
export const packagesFor = (env: Env): readonly PointsPackage[] => env.POINTS_PACKAGES ?? DEFAULT_PACKAGES;

export function paymentAccounts(env: Env): PaymentAccountsResponse {
  return {
    accounts: {
      venmo: env.PAYMENT_ACCOUNT_VENMO,
      cashapp: env.PAYMENT_ACCOUNT_CASHAPP,
      paypal: env.PAYMENT_ACCOUNT_PAYPAL,
    },
    packages: Object.fromEntries(packagesFor(env).map(({ id, ...rest }) => [id, rest])),
  };
}
