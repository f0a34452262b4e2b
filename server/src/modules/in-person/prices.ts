import {
  IN_PERSON_DEFAULT_PRICES,
  IN_PERSON_SERVICE_NAMES,
  IN_PERSON_SERVICE_TYPES,
  centsToAmount,
  toCents,
  type InPersonService,
  type InPersonServiceType,
} from '@gradelens/shared';
import type { Env } from '../../env.ts';

/** The price per card of each service in cents: shared's defaults, each replaced by IN_PERSON_PRICES when it names it. */
export function pricesInCents(env: Pick<Env, 'IN_PERSON_PRICES'>): Record<InPersonServiceType, number> {
  return Object.fromEntries(
    IN_PERSON_SERVICE_TYPES.map((id) => [id, env.IN_PERSON_PRICES?.[id] ?? toCents(IN_PERSON_DEFAULT_PRICES[id])]),
  ) as Record<InPersonServiceType, number>;
}

/** GET /api/in-person-submissions/services: what the form shows before anything is sent. */
export function servicesFor(env: Pick<Env, 'IN_PERSON_PRICES'>): InPersonService[] {
  const prices = pricesInCents(env);
  return IN_PERSON_SERVICE_TYPES.map((id) => ({
    id,
    name: IN_PERSON_SERVICE_NAMES[id],
    pricePerCard: centsToAmount(prices[id]),
  }));
}
