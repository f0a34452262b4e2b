import { useQuery } from '@tanstack/react-query';
import type { LedgerEntry } from '@gradelens/shared';
import { apiRequest } from '@/lib/api';
import { ledgerKey } from '@/lib/query-keys';

export { ledgerKey };

export const usePointsLedger = () =>
  useQuery({ queryKey: ledgerKey, queryFn: () => apiRequest<LedgerEntry[]>('GET', '/api/my/points-ledger') });
