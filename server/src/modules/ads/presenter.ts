import {
  centsToAmount,
  tenThousandthsToAmount,
  toCents,
  toTenThousandths,
  type Ad,
  type AdminAdPayout,
  type AdPayout,
  type AdPayoutStatus,
  type AdPlacementKind,
  type PaymentMethod,
} from '@gradelens/shared';
import type { adPayouts } from '../../db/schema.ts';
import type { AdWithCounts } from './service.ts';

const fourPlaces = (amount: string) => tenThousandthsToAmount(toTenThousandths(amount));

export function presentAd(row: AdWithCounts): Ad {
  return {
    id: row.id,
    name: row.name,
    imageUrl: row.imageUrl,
    linkUrl: row.linkUrl,
    placement: row.placement as AdPlacementKind,
    revenuePerImpression: fourPlaces(row.revenuePerImpression),
    revenuePerClick: fourPlaces(row.revenuePerClick),
    active: row.active === 1,
    impressions: row.impressions,
    clicks: row.clicks,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentPayout(row: typeof adPayouts.$inferSelect): AdPayout {
  return {
    id: row.id,
    amount: centsToAmount(toCents(row.amount)),
    paymentMethod: row.paymentMethod as PaymentMethod,
    account: row.account ?? '',
    status: row.status as AdPayoutStatus,
    paymentReference: row.paymentReference,
    note: row.note,
    requestedAt: row.requestedAt.toISOString(),
    paidAt: row.payoutDate?.toISOString() ?? null,
  };
}

export function presentAdminPayout(row: typeof adPayouts.$inferSelect, user: AdminAdPayout['user']): AdminAdPayout {
  return { ...presentPayout(row), user };
}
