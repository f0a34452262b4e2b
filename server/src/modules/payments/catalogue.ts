import {
  DEFAULT_PACKAGES,
  type PaymentAccountsResponse,
  type PaymentMethod,
  type PointsPackage,
} from '@gradelens/shared';
import type { Env } from '../../env.ts';
import { AppError } from '../../errors.ts';

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

/**
 * A payment (for points or for an order) by a method the operator takes: with no receiving
 * account configured nothing can be bought, and a method without one is refused by name.
 */
export function assertOfferedMethod(env: Env, method: PaymentMethod, what: string): void {
  const offered = Object.keys(configuredAccounts(env));
  if (offered.length === 0) {
    throw new AppError(
      'CONFLICT',
      `${what} is not set up on this site yet. Ask the site’s operator, or try again later.`,
    );
  }
  if (!offered.includes(method)) {
    throw new AppError('VALIDATION', `Payments by ${method} are not taken here. Choose ${offered.join(' or ')}.`, {
      fields: { paymentMethod: `Choose ${offered.join(' or ')}` },
    });
  }
}
