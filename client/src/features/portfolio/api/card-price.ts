import { useQuery } from '@tanstack/react-query';
import { PRICE_CACHE_MS, type CardPrice } from '@gradelens/shared';
import { apiRequest } from '@/lib/api';

export const cardPriceKey = (card: { cardName: string; cardSet: string; gameBrand: string }) =>
  ['/api/card-price', card] as const;

/** Cached 5 minutes with one retry (docs/product.md section 7). */
export function useCardPrice(card: { cardName: string | null; cardSet: string | null; gameBrand: string | null }) {
  const key = { cardName: card.cardName ?? '', cardSet: card.cardSet ?? '', gameBrand: card.gameBrand ?? '' };
  return useQuery({
    queryKey: cardPriceKey(key),
    queryFn: () => apiRequest<CardPrice>('GET', `/api/card-price?${new URLSearchParams(key)}`),
    enabled: Boolean(key.cardName),
    staleTime: PRICE_CACHE_MS,
    gcTime: PRICE_CACHE_MS,
    retry: 1,
  });
}
