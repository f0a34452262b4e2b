import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdEarnings, AdPayout, PayoutRequestInput } from '@gradelens/shared';
import { apiRequest } from '@/lib/api';

const earningsKey = ['/api/my/ad-earnings'] as const;

export const useAdEarnings = () =>
  useQuery({ queryKey: earningsKey, queryFn: () => apiRequest<AdEarnings>('GET', '/api/my/ad-earnings') });

export function useSetAdsOptOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (adsOptOut: boolean) =>
      apiRequest<{ adsOptOut: boolean }>('PATCH', '/api/my/ad-settings', { adsOptOut }),
    onSuccess: ({ adsOptOut }) => {
      queryClient.setQueryData<AdEarnings>(earningsKey, (old) => (old ? { ...old, adsOptOut } : old));
      // Ads on the owner's pages come or go with it.
      void queryClient.invalidateQueries({ queryKey: ['/api/ads/placement'] });
    },
  });
}

/** What the payout form sends: the amount as typed (the server parses it). */
export type PayoutFormValues = Omit<PayoutRequestInput, 'amount'> & { amount: string };

export function useRequestPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: PayoutFormValues) => apiRequest<AdPayout>('POST', '/api/my/ad-payouts', values),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: earningsKey }),
  });
}
