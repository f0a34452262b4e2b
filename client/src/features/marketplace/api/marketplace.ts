import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Listing, ListingDetail, ListingPage, ListingType, Offer } from '@gradelens/shared';
import { apiRequest } from '@/lib/api';

export const LISTINGS_PAGE_SIZE = 24;
const listingsKey = ['/api/marketplace/listings'] as const;
const offersKey = ['/api/marketplace/offers'] as const;
const myListingsKey = ['/api/my/marketplace/listings'] as const;

export interface ListingFilters {
  type: ListingType | '';
  game: string;
  minGrade: string;
  maxGrade: string;
  q: string;
}

export const useListings = (filters: ListingFilters, page: number) =>
  useQuery({
    queryKey: [...listingsKey, filters, page],
    queryFn: () => {
      const params = new URLSearchParams({ page: String(page), pageSize: String(LISTINGS_PAGE_SIZE) });
      for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value.trim());
      return apiRequest<ListingPage>('GET', `/api/marketplace/listings?${params}`);
    },
    placeholderData: keepPreviousData,
  });

export const useListing = (id: number) =>
  useQuery({
    queryKey: [...listingsKey, id],
    queryFn: () => apiRequest<ListingDetail>('GET', `/api/marketplace/listings/${id}`),
    enabled: Number.isInteger(id) && id > 0,
  });

export const useMyListings = () =>
  useQuery({ queryKey: myListingsKey, queryFn: () => apiRequest<Listing[]>('GET', '/api/my/marketplace/listings') });

export const useOffers = (role: 'made' | 'received') =>
  useQuery({
    queryKey: [...offersKey, role],
    queryFn: () => apiRequest<Offer[]>('GET', `/api/marketplace/offers?role=${role}`),
  });

export const useListingOffers = (id: number, enabled: boolean) =>
  useQuery({
    queryKey: [...listingsKey, id, 'offers'],
    queryFn: () => apiRequest<Offer[]>('GET', `/api/marketplace/listings/${id}/offers`),
    enabled,
  });

/** After any change the lists, the listing and the offers are read again. */
function useMarketMutation<V, R>(call: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: listingsKey });
      void queryClient.invalidateQueries({ queryKey: offersKey });
      void queryClient.invalidateQueries({ queryKey: myListingsKey });
    },
  });
}

export interface ListingForm {
  listingType: ListingType;
  askingPrice: string;
  tradePreferences: string;
  description: string;
  location: string;
}

export const useCreateListing = () =>
  useMarketMutation((vars: ListingForm & { cardGradingId: number }) =>
    apiRequest<Listing>('POST', '/api/marketplace/listings', vars),
  );
export const useWithdrawListing = () =>
  useMarketMutation((id: number) =>
    apiRequest<Listing>('PATCH', `/api/marketplace/listings/${id}`, { status: 'withdrawn' }),
  );
export const useRemoveListing = () =>
  useMarketMutation(({ id, reason }: { id: number; reason: string }) =>
    apiRequest<Listing>('POST', `/api/admin/marketplace/listings/${id}/remove`, { reason }),
  );

export interface OfferForm {
  offerType: 'cash' | 'trade';
  offerAmount: string;
  tradeDescription: string;
  message: string;
}

export const useMakeOffer = (listingId: number) =>
  useMarketMutation((vars: OfferForm) =>
    apiRequest<Offer>('POST', `/api/marketplace/listings/${listingId}/offers`, vars),
  );
export const useOfferAction = () =>
  useMarketMutation(({ id, action }: { id: number; action: 'accept' | 'reject' | 'withdraw' }) =>
    apiRequest<Offer>('POST', `/api/marketplace/offers/${id}/${action}`),
  );
