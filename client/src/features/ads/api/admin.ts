import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Ad, AdCreateInput, AdminAdPayout, AdPage, AdPayoutPage, AdPayoutStatus } from '@gradelens/shared';
import { apiRequest } from '@/lib/api';

export const ADMIN_ADS_PAGE_SIZE = 20;

const adminAdsKey = ['/api/admin/ads'] as const;
const adminPayoutsKey = ['/api/admin/ad-payouts'] as const;

export const useAdminAds = (q: string, page: number) =>
  useQuery({
    queryKey: [...adminAdsKey, q, page],
    queryFn: () =>
      apiRequest<AdPage>(
        'GET',
        `/api/admin/ads?${new URLSearchParams({ q, page: String(page), pageSize: String(ADMIN_ADS_PAGE_SIZE) })}`,
      ),
    placeholderData: keepPreviousData,
  });

/** What the ad form sends: the fields as typed (the server parses the amounts). */
export type AdFormValues = Omit<AdCreateInput, 'revenuePerImpression' | 'revenuePerClick'> & {
  revenuePerImpression: string;
  revenuePerClick: string;
};

function useAdMutation<V>(call: (vars: V) => Promise<Ad>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminAdsKey });
      void queryClient.invalidateQueries({ queryKey: ['/api/ads/placement'] });
    },
  });
}

export const useCreateAd = () =>
  useAdMutation((values: AdFormValues) => apiRequest<Ad>('POST', '/api/admin/ads', values));
export const useUpdateAd = () =>
  useAdMutation(({ id, values }: { id: number; values: Partial<AdFormValues> }) =>
    apiRequest<Ad>('PATCH', `/api/admin/ads/${id}`, values),
  );
export const useUploadAdImage = () =>
  useAdMutation(({ id, file }: { id: number; file: File }) => {
    const form = new FormData();
    form.append('image', file);
    return apiRequest<Ad>('POST', `/api/admin/ads/${id}/image`, form);
  });

export interface PayoutFilters {
  status: AdPayoutStatus | '';
  q: string;
}

export const useAdminPayouts = (filters: PayoutFilters, page: number) =>
  useQuery({
    queryKey: [...adminPayoutsKey, filters, page],
    queryFn: () => {
      const params = new URLSearchParams({ page: String(page), pageSize: String(ADMIN_ADS_PAGE_SIZE) });
      if (filters.status) params.set('status', filters.status);
      if (filters.q) params.set('q', filters.q);
      return apiRequest<AdPayoutPage>('GET', `/api/admin/ad-payouts?${params}`);
    },
    placeholderData: keepPreviousData,
  });

export type PayoutDecision = { kind: 'pay'; reference: string } | { kind: 'reject'; reason: string };

/** An admin pays a waiting payout request with the payment's reference, or rejects it with a reason. */
export function usePayoutDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: number; decision: PayoutDecision }) =>
      decision.kind === 'pay'
        ? apiRequest<AdminAdPayout>('POST', `/api/admin/ad-payouts/${id}/pay`, { reference: decision.reference })
        : apiRequest<AdminAdPayout>('POST', `/api/admin/ad-payouts/${id}/reject`, { reason: decision.reason }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminPayoutsKey }),
  });
}
