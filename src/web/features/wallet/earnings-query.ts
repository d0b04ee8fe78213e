import type { Earnings, Wallet } from '@shared/wallet';
import { queryOptions } from '@tanstack/react-query';
import { apiRequestTyped } from '@/lib/api';
import { walletQueryKeys } from './query-keys';

/**
 * A reader's available and held earnings (the wallet's first transaction rides along, unused). The
 * header shows them on every page, so the answer is typed, not parsed: zod stays off the home page
 * (lib/api.ts apiRequestTyped, decision 037).
 */
export const earningsQuery = queryOptions({
  queryKey: walletQueryKeys.earnings,
  queryFn: async ({ signal }): Promise<Earnings> => (await apiRequestTyped<Wallet>('/api/wallet?limit=1', { signal })).earnings,
});
