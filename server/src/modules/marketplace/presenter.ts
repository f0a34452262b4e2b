import {
  type Listing,
  type ListingStatus,
  type ListingType,
  type Offer,
  type OfferStatus,
  type OfferType,
} from '@gradelens/shared';
import { publicImagePath } from '../gradings/presenter.ts';
import type { ListingRow, ListingWithCard, OfferRow } from './service.ts';

export function presentListing(
  { listing, grading, seller }: ListingWithCard,
  options: { withReason?: boolean } = {},
): Listing {
  const photo = grading.frontThumbPath ?? grading.frontImagePath;
  return {
    id: listing.id,
    listingType: listing.listingType as ListingType,
    askingPrice: listing.askingPrice,
    tradePreferences: listing.tradePreferences,
    description: listing.description,
    location: listing.location,
    status: listing.status as ListingStatus,
    viewCount: listing.viewCount,
    createdAt: listing.createdAt.toISOString(),
    updatedAt: listing.updatedAt.toISOString(),
    seller: { username: seller },
    card: {
      gradingId: grading.id,
      cardName: grading.cardName,
      cardSet: grading.cardSet,
      cardNumber: grading.cardNumber,
      gameBrand: grading.gameBrand,
      year: grading.year,
      overallGrade: grading.overallGrade,
      photoPath: photo ? publicImagePath(photo) : null,
    },
    ...(options.withReason ? { removedReason: listing.removedReason } : {}),
  };
}

export function presentOffer(
  offer: OfferRow,
  listing: ListingRow,
  context: { cardName: string | null; offerer: string; seller: string; contactEmail?: string },
): Offer {
  return {
    id: offer.id,
    listingId: listing.id,
    offerType: offer.offerType as OfferType,
    offerAmount: offer.offerAmount,
    tradeDescription: offer.tradeDescription,
    message: offer.message,
    status: offer.status as OfferStatus,
    createdAt: offer.createdAt.toISOString(),
    offerer: { username: context.offerer },
    listing: {
      id: listing.id,
      status: listing.status as ListingStatus,
      cardName: context.cardName,
      seller: context.seller,
    },
    ...(context.contactEmail ? { contactEmail: context.contactEmail } : {}),
  };
}
