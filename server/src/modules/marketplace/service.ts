import { and, count, desc, eq, gte, ilike, inArray, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { ListingCreateInput, ListingUpdateInput, OfferCreateInput } from '@gradelens/shared';
import type { Database, Executor } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { containsPattern } from '../../db/like.ts';
import { cardGradings, listingViews, marketplaceListings, marketplaceOffers, users } from '../../db/schema.ts';
import { AppError, notFound } from '../../errors.ts';
import { recordStatusChange } from '../audit/status-changes.ts';

export type ListingRow = typeof marketplaceListings.$inferSelect;
export type OfferRow = typeof marketplaceOffers.$inferSelect;
type GradingRow = typeof cardGradings.$inferSelect;
type UserRow = typeof users.$inferSelect;

export interface ListingWithCard {
  listing: ListingRow;
  grading: GradingRow;
  seller: string;
}

const withCard = () => ({ listing: marketplaceListings, grading: cardGradings, seller: users.username });

/** Active listings, newest first, by type, game, grade range and words in the card or the description. */
export async function listActiveListings(
  db: Database,
  query: {
    type?: string;
    game?: string;
    minGrade?: number;
    maxGrade?: number;
    q?: string;
    page: number;
    pageSize: number;
  },
) {
  const conditions: SQL[] = [eq(marketplaceListings.status, 'active')];
  if (query.type) conditions.push(eq(marketplaceListings.listingType, query.type));
  if (query.game) conditions.push(ilike(cardGradings.gameBrand, containsPattern(query.game)));
  if (query.minGrade !== undefined) conditions.push(gte(cardGradings.overallGrade, query.minGrade));
  if (query.maxGrade !== undefined) conditions.push(lte(cardGradings.overallGrade, query.maxGrade));
  if (query.q) {
    const pattern = containsPattern(query.q);
    conditions.push(
      or(
        ilike(cardGradings.cardName, pattern),
        ilike(cardGradings.cardSet, pattern),
        ilike(marketplaceListings.description, pattern),
      )!,
    );
  }
  const where = and(...conditions);
  const [rows, totals] = await Promise.all([
    db
      .select(withCard())
      .from(marketplaceListings)
      .innerJoin(cardGradings, eq(cardGradings.id, marketplaceListings.cardGradingId))
      .innerJoin(users, eq(users.id, marketplaceListings.userId))
      .where(where)
      .orderBy(desc(marketplaceListings.createdAt), desc(marketplaceListings.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ total: count() })
      .from(marketplaceListings)
      .innerJoin(cardGradings, eq(cardGradings.id, marketplaceListings.cardGradingId))
      .where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

/** The seller's own listings, every status, newest first. */
export async function listOwnListings(db: Database, userId: number) {
  return db
    .select(withCard())
    .from(marketplaceListings)
    .innerJoin(cardGradings, eq(cardGradings.id, marketplaceListings.cardGradingId))
    .innerJoin(users, eq(users.id, marketplaceListings.userId))
    .where(eq(marketplaceListings.userId, userId))
    .orderBy(desc(marketplaceListings.createdAt), desc(marketplaceListings.id))
    .limit(200);
}

async function findWithCard(db: Executor, id: number): Promise<ListingWithCard | undefined> {
  const [row] = await db
    .select(withCard())
    .from(marketplaceListings)
    .innerJoin(cardGradings, eq(cardGradings.id, marketplaceListings.cardGradingId))
    .innerJoin(users, eq(users.id, marketplaceListings.userId))
    .where(eq(marketplaceListings.id, id));
  return row;
}

/**
 * A listing as a viewer may see it: an active one by anyone; one that ended by its seller, an
 * admin, or whoever made an offer on it; anyone else is told it does not exist.
 */
export async function findVisibleListing(db: Executor, id: number, viewer: UserRow | null): Promise<ListingWithCard> {
  const row = await findWithCard(db, id);
  if (!row) throw notFound('That listing');
  if (row.listing.status === 'active') return row;
  if (viewer && (viewer.id === row.listing.userId || viewer.isAdmin === 1)) return row;
  if (viewer) {
    const [offer] = await db
      .select({ id: marketplaceOffers.id })
      .from(marketplaceOffers)
      .where(and(eq(marketplaceOffers.listingId, id), eq(marketplaceOffers.offererId, viewer.id)))
      .limit(1);
    if (offer) return row;
  }
  throw notFound('That listing');
}

/**
 * One view per viewer per day, never the seller's: the day's row is inserted once (a primary key
 * on listing, viewer and day), and only an insert that happened counts.
 */
export async function countView(db: Database, listing: ListingRow, viewerKey: string, viewerId: number | null) {
  if (viewerId === listing.userId || listing.status !== 'active') return listing.viewCount;
  const day = new Date().toISOString().slice(0, 10);
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(listingViews)
      .values({ listingId: listing.id, viewerKey, day })
      .onConflictDoNothing()
      .returning({ day: listingViews.day });
    if (inserted.length === 0) return listing.viewCount;
    const [updated] = await tx
      .update(marketplaceListings)
      .set({ viewCount: sql`${marketplaceListings.viewCount} + 1` })
      .where(eq(marketplaceListings.id, listing.id))
      .returning({ viewCount: marketplaceListings.viewCount });
    return updated?.viewCount ?? listing.viewCount + 1;
  });
}

/** Lists one of the seller's own graded cards; another's is 404, an ungraded one or one already listed 409. */
export async function createListing(db: Database, seller: UserRow, input: ListingCreateInput): Promise<ListingRow> {
  const [grading] = await db
    .select()
    .from(cardGradings)
    .where(and(eq(cardGradings.id, input.cardGradingId), eq(cardGradings.userId, seller.id)));
  if (!grading) throw notFound('That graded card');
  if (grading.gradedAt === null) {
    throw new AppError('CONFLICT', 'This card has not been graded yet. Grade it, then list it with its report.');
  }
  try {
    return await db.transaction(async (tx) => {
      const [listing] = await tx
        .insert(marketplaceListings)
        .values({
          userId: seller.id,
          cardGradingId: grading.id,
          listingType: input.listingType,
          askingPrice: input.askingPrice ?? null,
          tradePreferences: input.tradePreferences ?? null,
          description: input.description,
          location: input.location,
        })
        .returning();
      if (!listing) throw new Error('insert returned no row');
      await recordStatusChange(tx, {
        subject: 'listing',
        subjectId: listing.id,
        from: null,
        to: 'active',
        actorId: seller.id,
      });
      return listing;
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError('CONFLICT', 'This card is already listed. Edit or withdraw that listing instead.');
    }
    throw error;
  }
}

/** The seller edits an active listing or withdraws it (pending offers are then declined). */
export async function updateListing(
  db: Database,
  seller: UserRow,
  id: number,
  input: ListingUpdateInput,
): Promise<{ listing: ListingRow; declined: OfferRow[] }> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(marketplaceListings)
      .where(and(eq(marketplaceListings.id, id), eq(marketplaceListings.userId, seller.id)));
    if (!current) throw notFound('That listing');
    if (current.status !== 'active') {
      throw new AppError('CONFLICT', `This listing is ${current.status}: it can no longer be changed.`);
    }
    const type = current.listingType;
    const price = input.askingPrice !== undefined ? input.askingPrice : current.askingPrice;
    if (type === 'sell' && !price) {
      throw new AppError('VALIDATION', 'Price is required for sell listings', {
        fields: { askingPrice: 'Price is required for sell listings' },
      });
    }
    const [listing] = await tx
      .update(marketplaceListings)
      .set({
        ...(input.askingPrice !== undefined ? { askingPrice: input.askingPrice } : {}),
        ...(input.tradePreferences !== undefined ? { tradePreferences: input.tradePreferences } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.location !== undefined ? { location: input.location } : {}),
        ...(input.status ? { status: input.status } : {}),
        updatedAt: new Date(),
      })
      .where(and(eq(marketplaceListings.id, id), eq(marketplaceListings.status, 'active')))
      .returning();
    if (!listing) throw new AppError('CONFLICT', 'This listing changed meanwhile. Reload it and try again.');
    let declined: OfferRow[] = [];
    if (input.status === 'withdrawn') {
      await recordStatusChange(tx, {
        subject: 'listing',
        subjectId: id,
        from: 'active',
        to: 'withdrawn',
        actorId: seller.id,
      });
      declined = await declinePending(tx, id, null, seller.id);
    }
    return { listing, declined };
  });
}

/** An admin takes a listing down with a reason the seller sees; its pending offers are declined. */
export async function removeListing(
  db: Database,
  admin: UserRow,
  id: number,
  reason: string,
): Promise<{ listing: ListingRow; declined: OfferRow[] }> {
  return db.transaction(async (tx) => {
    const [listing] = await tx
      .update(marketplaceListings)
      .set({ status: 'removed', removedReason: reason, updatedAt: new Date() })
      .where(and(eq(marketplaceListings.id, id), eq(marketplaceListings.status, 'active')))
      .returning();
    if (!listing) {
      const [existing] = await tx.select().from(marketplaceListings).where(eq(marketplaceListings.id, id));
      if (!existing) throw notFound('That listing');
      throw new AppError('CONFLICT', `This listing is already ${existing.status}. Nothing was changed.`);
    }
    await recordStatusChange(tx, {
      subject: 'listing',
      subjectId: id,
      from: 'active',
      to: 'removed',
      actorId: admin.id,
      note: reason,
    });
    return { listing, declined: await declinePending(tx, id, null, admin.id) };
  });
}

/** Declines every pending offer on a listing but one, with an audit row each. */
async function declinePending(tx: Executor, listingId: number, except: number | null, actorId: number) {
  const declined = await tx
    .update(marketplaceOffers)
    .set({ status: 'declined', updatedAt: new Date() })
    .where(
      and(
        eq(marketplaceOffers.listingId, listingId),
        eq(marketplaceOffers.status, 'pending'),
        ...(except === null ? [] : [ne(marketplaceOffers.id, except)]),
      ),
    )
    .returning();
  for (const offer of declined) {
    await recordStatusChange(tx, {
      subject: 'offer',
      subjectId: offer.id,
      from: 'pending',
      to: 'declined',
      actorId,
      note: 'The listing ended',
    });
  }
  return declined;
}

/** An offer on someone else's active listing. */
export async function makeOffer(
  db: Database,
  offerer: UserRow,
  listingId: number,
  input: OfferCreateInput,
): Promise<OfferRow> {
  const [listing] = await db.select().from(marketplaceListings).where(eq(marketplaceListings.id, listingId));
  if (!listing) throw notFound('That listing');
  if (listing.userId === offerer.id) {
    throw new AppError('FORBIDDEN', 'This is your own listing: you cannot make an offer on it.');
  }
  if (listing.status !== 'active') {
    throw new AppError('CONFLICT', `This listing is ${listing.status}: it takes no more offers.`);
  }
  return db.transaction(async (tx) => {
    const [offer] = await tx
      .insert(marketplaceOffers)
      .values({
        listingId,
        offererId: offerer.id,
        offerType: input.offerType,
        offerAmount: input.offerAmount ?? null,
        tradeDescription: input.tradeDescription ?? null,
        message: input.message ?? null,
      })
      .returning();
    if (!offer) throw new Error('insert returned no row');
    await recordStatusChange(tx, {
      subject: 'offer',
      subjectId: offer.id,
      from: null,
      to: 'pending',
      actorId: offerer.id,
    });
    return offer;
  });
}

export async function findOffer(db: Executor, id: number) {
  const [row] = await db
    .select({ offer: marketplaceOffers, listing: marketplaceListings })
    .from(marketplaceOffers)
    .innerJoin(marketplaceListings, eq(marketplaceListings.id, marketplaceOffers.listingId))
    .where(eq(marketplaceOffers.id, id));
  return row;
}

/**
 * The seller accepts an offer: the listing becomes sold (a cash offer) or traded (a trade offer)
 * with a conditional update on 'active', so of two accepts at once on one listing exactly one
 * wins; the offer is accepted and every other pending offer declined, in one transaction.
 */
export async function acceptOffer(db: Database, seller: UserRow, offerId: number) {
  return db.transaction(async (tx) => {
    const found = await findOffer(tx, offerId);
    if (!found || found.listing.userId !== seller.id) throw notFound('That offer');
    if (found.offer.status !== 'pending') {
      throw new AppError('CONFLICT', `This offer is already ${found.offer.status}. Nothing was changed.`);
    }
    const ended = found.offer.offerType === 'cash' ? 'sold' : 'traded';
    const [listing] = await tx
      .update(marketplaceListings)
      .set({ status: ended, updatedAt: new Date() })
      .where(and(eq(marketplaceListings.id, found.listing.id), eq(marketplaceListings.status, 'active')))
      .returning();
    if (!listing) {
      throw new AppError('CONFLICT', 'This listing is no longer active: another offer was accepted or it ended.');
    }
    const [offer] = await tx
      .update(marketplaceOffers)
      .set({ status: 'accepted', updatedAt: new Date() })
      .where(and(eq(marketplaceOffers.id, offerId), eq(marketplaceOffers.status, 'pending')))
      .returning();
    if (!offer) throw new AppError('CONFLICT', 'This offer changed meanwhile. Reload and try again.');
    await recordStatusChange(tx, {
      subject: 'listing',
      subjectId: listing.id,
      from: 'active',
      to: ended,
      actorId: seller.id,
    });
    await recordStatusChange(tx, {
      subject: 'offer',
      subjectId: offerId,
      from: 'pending',
      to: 'accepted',
      actorId: seller.id,
    });
    const declined = await declinePending(tx, listing.id, offerId, seller.id);
    return { offer, listing, declined };
  });
}

/** The seller rejects, or the offerer withdraws, a pending offer. */
export async function closeOffer(db: Database, actor: UserRow, offerId: number, to: 'rejected' | 'withdrawn') {
  return db.transaction(async (tx) => {
    const found = await findOffer(tx, offerId);
    const allowed =
      found && (to === 'rejected' ? found.listing.userId === actor.id : found.offer.offererId === actor.id);
    if (!found || !allowed) {
      // The other party of the offer is told what they may do; anyone else that it does not exist.
      if (found && (found.listing.userId === actor.id || found.offer.offererId === actor.id)) {
        throw to === 'rejected'
          ? new AppError('FORBIDDEN', 'Only the seller rejects an offer; withdraw your own instead.')
          : new AppError('FORBIDDEN', 'Only the one who made an offer withdraws it; reject it instead.');
      }
      throw notFound('That offer');
    }
    const [offer] = await tx
      .update(marketplaceOffers)
      .set({ status: to, updatedAt: new Date() })
      .where(and(eq(marketplaceOffers.id, offerId), eq(marketplaceOffers.status, 'pending')))
      .returning();
    if (!offer) throw new AppError('CONFLICT', `This offer is already ${found.offer.status}. Nothing was changed.`);
    await recordStatusChange(tx, { subject: 'offer', subjectId: offerId, from: 'pending', to, actorId: actor.id });
    return { offer, listing: found.listing };
  });
}

/** Offers with their listing and card name, newest first. */
function offerRows(db: Executor, where: SQL) {
  return db
    .select({ offer: marketplaceOffers, listing: marketplaceListings, cardName: cardGradings.cardName })
    .from(marketplaceOffers)
    .innerJoin(marketplaceListings, eq(marketplaceListings.id, marketplaceOffers.listingId))
    .innerJoin(cardGradings, eq(cardGradings.id, marketplaceListings.cardGradingId))
    .where(where)
    .orderBy(desc(marketplaceOffers.createdAt), desc(marketplaceOffers.id))
    .limit(200);
}

/** The offers a user made, or received on their listings. */
export const listOffers = (db: Database, user: UserRow, role: 'made' | 'received') =>
  offerRows(db, role === 'made' ? eq(marketplaceOffers.offererId, user.id) : eq(marketplaceListings.userId, user.id));

/** The offers on one listing, for its seller. */
export const offersOnListing = (db: Executor, listingId: number) =>
  offerRows(db, eq(marketplaceOffers.listingId, listingId));

/** Names and e-mails of the users these rows mention, in one query. */
export async function peopleById(db: Executor, ids: number[]) {
  if (ids.length === 0) return new Map<number, { username: string; email: string }>();
  const rows = await db
    .select({ id: users.id, username: users.username, email: users.email })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, { username: r.username, email: r.email }]));
}
