import { createHash } from 'node:crypto';
import { and, asc, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import {
  adLinkSchema,
  ownerShareOf,
  tenThousandthsToAmount,
  toTenThousandths,
  type AdCreateInput,
  type AdPlacement,
  type AdPlacementQuery,
  type AdUpdateInput,
} from '@gradelens/shared';
import type { Database, Executor } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { adImpressions, ads, cardGradings, users } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import { normalizeImage, type ImageStore } from '../../storage/images.ts';
import { clickUrlOf, type AdKeys } from './signing.ts';

export type AdRow = typeof ads.$inferSelect;
export type AdWithCounts = AdRow & { impressions: number; clicks: number };

const AD_IMAGE_SIDE = 1200;
const HOUR_MS = 60 * 60 * 1000;

// The admin's side: ads, their image, what they were shown and clicked.

/** Every ad, newest first; a search matches the name or the id. With each one's impressions and clicks. */
export async function listAds(db: Database, query: { q?: string; page: number; pageSize: number }) {
  const id = query.q && /^\d{1,9}$/.test(query.q) ? Number(query.q) : null;
  const where = query.q
    ? or(ilike(ads.name, containsPattern(query.q)), ...(id === null ? [] : [eq(ads.id, id)]))
    : undefined;
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(ads)
      .where(where)
      .orderBy(desc(ads.createdAt), desc(ads.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(ads).where(where),
  ]);
  return { rows: await withCounts(db, rows), total: totals[0]?.total ?? 0 };
}

async function withCounts(db: Executor, rows: AdRow[]): Promise<AdWithCounts[]> {
  if (rows.length === 0) return [];
  const counts = await db
    .select({
      adId: adImpressions.adId,
      impressions: count(),
      clicks: sql<number>`coalesce(sum(${adImpressions.clicked}), 0)::int`,
    })
    .from(adImpressions)
    .where(
      inArray(
        adImpressions.adId,
        rows.map((r) => r.id),
      ),
    )
    .groupBy(adImpressions.adId);
  const byAd = new Map(counts.map((c) => [c.adId, c]));
  return rows.map((row) => ({
    ...row,
    impressions: byAd.get(row.id)?.impressions ?? 0,
    clicks: byAd.get(row.id)?.clicks ?? 0,
  }));
}

export async function findAd(db: Executor, id: number): Promise<AdWithCounts> {
  const [row] = await db.select().from(ads).where(eq(ads.id, id));
  if (!row) throw notFound('That ad');
  return (await withCounts(db, [row]))[0]!;
}

const flag = (value: boolean) => (value ? 1 : 0);

export async function createAd(db: Database, input: AdCreateInput): Promise<AdWithCounts> {
  const [row] = await db
    .insert(ads)
    .values({
      name: input.name,
      linkUrl: input.linkUrl,
      placement: input.placement,
      revenuePerImpression: input.revenuePerImpression,
      revenuePerClick: input.revenuePerClick,
      active: flag(input.active),
    })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return { ...row, impressions: 0, clicks: 0 };
}

export async function updateAd(db: Database, id: number, input: AdUpdateInput): Promise<AdWithCounts> {
  const [row] = await db
    .update(ads)
    .set({
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.linkUrl !== undefined ? { linkUrl: input.linkUrl } : {}),
      ...(input.placement !== undefined ? { placement: input.placement } : {}),
      ...(input.revenuePerImpression !== undefined ? { revenuePerImpression: input.revenuePerImpression } : {}),
      ...(input.revenuePerClick !== undefined ? { revenuePerClick: input.revenuePerClick } : {}),
      ...(input.active !== undefined ? { active: flag(input.active) } : {}),
      updatedAt: new Date(),
    })
    .where(eq(ads.id, id))
    .returning();
  if (!row) throw notFound('That ad');
  return (await withCounts(db, [row]))[0]!;
}

/**
 * Stores an ad's image through the photo pipeline (format told by its bytes, decoded within the
 * pixel and time limits, rotated, metadata dropped, re-encoded) and removes the one it replaces.
 * Ad images are public (modules/photos/service.ts), like product pictures.
 */
export async function replaceAdImage(db: Database, images: ImageStore, ad: AdRow, upload: Buffer) {
  const encoded = await normalizeImage(upload, { maxSide: AD_IMAGE_SIDE, format: 'webp' });
  const stored = await images.save(encoded, 'webp');
  try {
    const [updated] = await db
      .update(ads)
      .set({ imageUrl: stored.publicPath, updatedAt: new Date() })
      .where(eq(ads.id, ad.id))
      .returning();
    if (!updated) throw notFound('That ad');
    if (ad.imageUrl) await images.remove(ad.imageUrl);
    return (await withCounts(db, [updated]))[0]!;
  } catch (error) {
    await images.remove(stored.publicPath);
    throw error;
  }
}

// Serving: the ad a page shows, and its impression.

/** The hour an impression counts in: one per viewer, ad and page in each. */
export const hourOf = (now: Date) => new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS);

export interface PlacementRequest {
  query: AdPlacementQuery;
  /** The signed-in viewer, if any. */
  viewerId: number | null;
  /** 'u:<id>' or 'a:<hash>' (signing.ts viewerKeyOf). */
  viewerKey: string;
  /** A known bot, or a request no page of this site made: shown the ad, never counted. */
  uncounted: boolean;
}

export interface ServeOptions {
  keys: AdKeys;
  /** The owner's share of revenue, in ten-thousandths (AD_OWNER_SHARE). */
  ownerShare: number;
  /** The time of the view; tests pass their own clock. */
  now?: Date;
  /** Only these ads are considered (tests on a database shared with other runs). */
  restrictTo?: number[];
}

/**
 * The ad for a page, with its impression recorded in the same call. A grading's page shows one
 * only while the grading is shared and its owner has not opted out (otherwise, as for a grading
 * that does not exist, nothing); the owner's own views, bots and requests from other sites see
 * the ad but count for nothing. Each counted view is one impression per viewer, ad, page and
 * hour (the unique index; a repeat finds the one already recorded), crediting a grading's owner
 * their share of the ad's revenue per impression; the gallery's belong to nobody and credit nothing.
 */
export async function servePlacement(
  db: Database,
  request: PlacementRequest,
  options: ServeOptions,
): Promise<AdPlacement> {
  const now = options.now ?? new Date();
  let owner: { id: number; gradingId: number } | null = null;
  if (request.query.page === 'grading') {
    const [grading] = await db
      .select({ ownerId: cardGradings.userId, sharedAt: cardGradings.sharedAt, optedOut: users.adsOptOut })
      .from(cardGradings)
      .innerJoin(users, eq(users.id, cardGradings.userId))
      .where(eq(cardGradings.id, request.query.gradingId));
    if (!grading || grading.sharedAt === null || grading.optedOut === 1) return { ad: null };
    owner = { id: grading.ownerId, gradingId: request.query.gradingId };
  }
  const page = owner ? `grading:${owner.gradingId}` : 'gallery';
  const hour = hourOf(now);
  const candidates = await eligibleAds(db, owner ? 'shared_grading' : 'gallery', options.restrictTo);
  const ad = chooseAd(candidates, `${request.viewerKey}|${page}|${hour.toISOString()}`);
  if (!ad) return { ad: null };
  const shown = { name: ad.name, imageUrl: ad.imageUrl };
  if (request.uncounted || (owner !== null && request.viewerId === owner.id)) {
    return { ad: { ...shown, clickUrl: ad.linkUrl } };
  }
  const credit = owner ? ownerShareOf(toTenThousandths(ad.revenuePerImpression), options.ownerShare) : 0;
  const impressionId = await recordImpression(db, {
    adId: ad.id,
    adName: ad.name,
    userId: owner?.id ?? null,
    cardGradingId: owner?.gradingId ?? null,
    page,
    viewerKey: request.viewerKey,
    hour,
    impressionDate: now,
    revenue: tenThousandthsToAmount(credit),
  });
  return { ad: { ...shown, clickUrl: clickUrlOf(options.keys, impressionId) } };
}

/** Active ads shown on that kind of page, in id order. */
async function eligibleAds(db: Executor, kind: 'gallery' | 'shared_grading', restrictTo?: number[]) {
  return db
    .select()
    .from(ads)
    .where(
      and(
        eq(ads.active, 1),
        inArray(ads.placement, [kind, 'both']),
        ...(restrictTo ? [inArray(ads.id, restrictTo.length > 0 ? restrictTo : [0])] : []),
      ),
    )
    .orderBy(asc(ads.id));
}

/**
 * One of the ads, the same for a viewer on a page for the whole hour: reloading the page shows
 * the same ad (and finds its impression) instead of collecting one impression of every ad.
 */
function chooseAd(candidates: AdRow[], seed: string): AdRow | null {
  if (candidates.length === 0) return null;
  const index = createHash('sha256').update(seed).digest().readUInt32BE(0) % candidates.length;
  return candidates[index]!;
}

async function recordImpression(db: Database, values: typeof adImpressions.$inferInsert): Promise<number> {
  const [inserted] = await db.insert(adImpressions).values(values).onConflictDoNothing().returning({
    id: adImpressions.id,
  });
  if (inserted) return inserted.id;
  // This viewer saw this ad on this page this hour already: that impression is the one clicked.
  const [existing] = await db
    .select({ id: adImpressions.id })
    .from(adImpressions)
    .where(
      and(
        eq(adImpressions.adId, values.adId!),
        eq(adImpressions.page, values.page!),
        eq(adImpressions.viewerKey, values.viewerKey!),
        eq(adImpressions.hour, values.hour!),
      ),
    );
  if (!existing) throw new Error('the impression was neither recorded nor found');
  return existing.id;
}

/**
 * A click on an impression's link: the first counted one marks it clicked and adds the owner's
 * share of the ad's revenue per click, once (a conditional update, so parallel clicks add it
 * once). Answers the ad's stored link, the only place a click is sent to.
 */
export async function recordClick(
  db: Database,
  impressionId: number,
  options: { ownerShare: number; uncounted: boolean },
): Promise<string> {
  const [row] = await db
    .select({ ownerId: adImpressions.userId, revenuePerClick: ads.revenuePerClick, linkUrl: ads.linkUrl })
    .from(adImpressions)
    .innerJoin(ads, eq(ads.id, adImpressions.adId))
    .where(eq(adImpressions.id, impressionId));
  const link = row ? adLinkSchema.safeParse(row.linkUrl) : null;
  if (!row || !link?.success) throw notFound('That ad');
  if (!options.uncounted) {
    const credit = row.ownerId === null ? 0 : ownerShareOf(toTenThousandths(row.revenuePerClick), options.ownerShare);
    await db
      .update(adImpressions)
      .set({ clicked: 1, revenue: sql`${adImpressions.revenue} + ${tenThousandthsToAmount(credit)}::numeric` })
      .where(and(eq(adImpressions.id, impressionId), eq(adImpressions.clicked, 0)));
  }
  return link.data;
}
