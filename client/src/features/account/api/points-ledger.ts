import { useQuery } from '@tanstack/react-query';
import type { LedgerEntry } from '@gradelens/shared';
import { apiRequest } from '@/lib/api';

export const ledgerKey = ['/api/my/points-ledger'] as const;
export const usePointsLedger = () => useQuery({ queryKey: ledgerKey, queryFn: () => apiRequest<LedgerEntry[]>('GET', '/api/my/points-ledger') });
