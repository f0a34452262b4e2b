import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  formatDollars,
  listingCreateSchema,
  listingQuerySchema,
  listingUpdateSchema,
  offerCreateSchema,
  offerListQuerySchema,
  removeListingSchema,
  type ListingDetail,
  type ListingPage,
  type Offer,
} from '@gradelens/shared';
import type { AppContext } from '../../context.ts';
import { idParams, parseInput } from '../../http/parse.ts';
import { adminOnly, currentUser, signedIn } from '../../http/session.ts';
import { presentGrading } from '../gradings/presenter.ts';
import { sendNotice } from './mail.ts';
import { presentListing, presentOffer } from './presenter.ts';
import {
  acceptOffer,
  closeOffer,
  countView,
  createListing,
  findVisibleListing,
  listActiveListings,
  listOffers,
  listOwnListings,
  makeOffer,
  offersOnListing,
  peopleById,
  removeListing,
  updateListing,
  type ListingRow,
  type OfferRow,
} from './service.ts';

/** Who is viewing, for counting a listing's views: the account, or a hash of a guest's address. */
function viewerKey(request: FastifyRequest): string {
  if (request.user) return `u:${request.user.id}`;
  return `a:${createHash('sha256').update(`listing-view:${request.ip}`).digest('hex').slice(0, 32)}`;
}

export function marketplaceRoutes(app: FastifyInstance, { db, env, mailer }: AppContext): void {
  const notice = (request: FastifyRequest, to: string, subject: string, text: string) =>
    sendNotice({ mailer, log: request.log }, to, subject, text);
  const listingLink = (id: number) => `${env.PUBLIC_URL}/marketplace/${id}`;
  const offerText = (offer: OfferRow) =>
    offer.offerType === 'cash'
      ? `${formatDollars(offer.offerAmount ?? '0')} in cash`
      : `a trade: ${offer.tradeDescription}`;

  /** Offers with their parties' names, and each other's e-mail once accepted (to the two parties only). */
  async function presentOffers(
    rows: { offer: OfferRow; listing: ListingRow; cardName: string | null }[],
    viewerId: number,
  ) {
    const people = await peopleById(
      db,
      rows.flatMap((r) => [r.offer.offererId, r.listing.userId]),
    );
    return rows.map(({ offer, listing, cardName }): Offer => {
      const other = viewerId === listing.userId ? offer.offererId : listing.userId;
      return presentOffer(offer, listing, {
        cardName,
        offerer: people.get(offer.offererId)?.username ?? '',
        seller: people.get(listing.userId)?.username ?? '',
        ...(offer.status === 'accepted' && (viewerId === listing.userId || viewerId === offer.offererId)
          ? { contactEmail: people.get(other)?.email }
          : {}),
      });
    });
  }

  /** Mails the makers of offers a listing's end declined. */
  async function mailDeclined(request: FastifyRequest, declined: OfferRow[]) {
    const people = await peopleById(
      db,
      declined.map((o) => o.offererId),
    );
    for (const offer of declined) {
      const to = people.get(offer.offererId)?.email;
      if (to)
        notice(
          request,
          to,
          'Your offer was declined',
          `The listing you made an offer on has ended. ${listingLink(offer.listingId)}`,
        );
    }
  }

  app.get('/marketplace/listings', async (request): Promise<ListingPage> => {
    const query = parseInput(listingQuerySchema, request.query);
    const { rows, total } = await listActiveListings(db, query);
    return { items: rows.map((row) => presentListing(row)), total, page: query.page, pageSize: query.pageSize };
  });

  app.get('/marketplace/listings/:id', async (request): Promise<ListingDetail> => {
    const { id } = parseInput(idParams, request.params);
    const row = await findVisibleListing(db, id, request.user);
    const viewCount = await countView(db, row.listing, viewerKey(request), request.user?.id ?? null);
    const mine = request.user?.id === row.listing.userId;
    return {
      ...presentListing(
        { ...row, listing: { ...row.listing, viewCount } },
        { withReason: mine || request.user?.isAdmin === 1 },
      ),
      grading: presentGrading(row.grading, {
        viewer: request.user,
        withAnalysis: true,
        ownerName: row.seller,
      }) as ListingDetail['grading'],
      mine,
    };
  });

  app.post('/marketplace/listings', { preHandler: signedIn }, async (request, reply) => {
    const input = parseInput(listingCreateSchema, request.body);
    const listing = await createListing(db, currentUser(request), input);
    return reply.status(201).send(presentListing(await findVisibleListing(db, listing.id, request.user)));
  });

  app.patch('/marketplace/listings/:id', { preHandler: signedIn }, async (request) => {
    const { id } = parseInput(idParams, request.params);
    const input = parseInput(listingUpdateSchema, request.body);
    const { declined } = await updateListing(db, currentUser(request), id, input);
    await mailDeclined(request, declined);
    return presentListing(await findVisibleListing(db, id, request.user), { withReason: true });
  });

  app.get('/my/marketplace/listings', { preHandler: signedIn }, async (request) =>
    (await listOwnListings(db, currentUser(request).id)).map((row) => presentListing(row, { withReason: true })),
  );

  app.post('/admin/marketplace/listings/:id/remove', { preHandler: adminOnly }, async (request) => {
    const { id } = parseInput(idParams, request.params);
    const { reason } = parseInput(removeListingSchema, request.body);
    const { listing, declined } = await removeListing(db, currentUser(request), id, reason);
    const seller = (await peopleById(db, [listing.userId])).get(listing.userId);
    if (seller) {
      notice(
        request,
        seller.email,
        'Your listing was taken down',
        `An admin took your listing down: ${reason}\n\n${listingLink(id)}`,
      );
    }
    await mailDeclined(request, declined);
    return presentListing(await findVisibleListing(db, id, request.user), { withReason: true });
  });

  app.get('/marketplace/listings/:id/offers', { preHandler: signedIn }, async (request) => {
    const { id } = parseInput(idParams, request.params);
    const user = currentUser(request);
    const row = await findVisibleListing(db, id, user);
    if (row.listing.userId !== user.id && user.isAdmin !== 1) return [];
    return presentOffers(await offersOnListing(db, id), user.id);
  });

  app.post('/marketplace/listings/:id/offers', { preHandler: signedIn }, async (request, reply) => {
    const { id } = parseInput(idParams, request.params);
    const input = parseInput(offerCreateSchema, request.body);
    const user = currentUser(request);
    const offer = await makeOffer(db, user, id, input);
    const row = await findVisibleListing(db, id, user);
    const seller = (await peopleById(db, [row.listing.userId])).get(row.listing.userId);
    if (seller) {
      notice(
        request,
        seller.email,
        `New offer on ${row.grading.cardName ?? 'your card'}`,
        `${user.username} offers ${offerText(offer)}.${offer.message ? `\n\n"${offer.message}"` : ''}\n\nAccept or reject it: ${listingLink(id)}`,
      );
    }
    notice(
      request,
      user.email,
      'Your offer was sent',
      `You offered ${offerText(offer)}. The seller will answer here: ${listingLink(id)}`,
    );
    const [presented] = await presentOffers([{ offer, listing: row.listing, cardName: row.grading.cardName }], user.id);
    return reply.status(201).send(presented);
  });

  app.get('/marketplace/offers', { preHandler: signedIn }, async (request) => {
    const { role } = parseInput(offerListQuerySchema, request.query);
    const user = currentUser(request);
    return presentOffers(await listOffers(db, user, role), user.id);
  });

  app.post('/marketplace/offers/:id/accept', { preHandler: signedIn }, async (request) => {
    const { id } = parseInput(idParams, request.params);
    const seller = currentUser(request);
    const { offer, listing, declined } = await acceptOffer(db, seller, id);
    const buyer = (await peopleById(db, [offer.offererId])).get(offer.offererId);
    if (buyer) {
      notice(
        request,
        buyer.email,
        'Your offer was accepted',
        `${seller.username} accepted your offer of ${offerText(offer)}. Write to them at ${seller.email} to arrange it.\n\n${listingLink(listing.id)}`,
      );
      notice(
        request,
        seller.email,
        'You accepted an offer',
        `You accepted ${buyer.username}'s offer of ${offerText(offer)}. Write to them at ${buyer.email} to arrange it.\n\n${listingLink(listing.id)}`,
      );
    }
    await mailDeclined(request, declined);
    const card = await findVisibleListing(db, listing.id, seller);
    const [presented] = await presentOffers([{ offer, listing, cardName: card.grading.cardName }], seller.id);
    return presented;
  });

  for (const [action, to] of [
    ['reject', 'rejected'],
    ['withdraw', 'withdrawn'],
  ] as const) {
    app.post(`/marketplace/offers/:id/${action}`, { preHandler: signedIn }, async (request) => {
      const { id } = parseInput(idParams, request.params);
      const user = currentUser(request);
      const { offer, listing } = await closeOffer(db, user, id, to);
      const otherId = to === 'rejected' ? offer.offererId : listing.userId;
      const other = (await peopleById(db, [otherId])).get(otherId);
      if (other) {
        notice(
          request,
          other.email,
          to === 'rejected' ? 'Your offer was rejected' : 'An offer was withdrawn',
          `${user.username} ${to === 'rejected' ? 'rejected your offer' : 'withdrew their offer'} of ${offerText(offer)}.\n\n${listingLink(listing.id)}`,
        );
      }
      const card = await findVisibleListing(db, listing.id, user);
      const [presented] = await presentOffers([{ offer, listing, cardName: card.grading.cardName }], user.id);
      return presented;
    });
  }
}
