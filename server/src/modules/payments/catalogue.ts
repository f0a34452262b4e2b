import {
  DEFAULT_PACKAGES,
  type PaymentAccountsResponse,
  type PaymentMethod,
  type PointsPackage,
} from '@gradelens/shared';
import type { Env } from '../../env.ts';

/** The packages on sale: the spec's defaults unless POINTS_PACKAGES replaces them. */
export const packagesFor = (env: Env): readonly PointsPackage[] => env.POINTS_PACKAGES ?? DEFAULT_PACKAGES;

/** The payment methods the operator set a receiving account for. */
export function configuredAccounts(env: Env): Partial<Record<PaymentMethod, string>> {
  const all: Record<PaymentMethod, string | undefined> = {
    venmo: env.PAYMENT_ACCOUNT_VENMO,
    cashapp: env.PAYMENT_ACCOUNT_CASHAPP,
    paypal: env.PAYMENT_ACCOUNT_PAYPAL,
  };
  return Object.fromEntries(Object.entries(all).filter(([, account]) => account !== undefined)) as Partial<
    Record<PaymentMethod, string>
  >;
}

export function paymentAccounts(env: Env): PaymentAccountsResponse {
  return {
    accounts: configuredAccounts(env),
    packages: Object.fromEntries(packagesFor(env).map(({ id, ...rest }) => [id, rest])),
  };
}
