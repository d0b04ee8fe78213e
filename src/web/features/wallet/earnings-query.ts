import type { Wallet } from '@shared/wallet';
import { queryOptions } from '@tanstack/react-query';
import { apiRequestTyped } from '@/lib/api';
import { walletQueryKeys } from './query-keys';

/**
 * The wallet's figures (GET /api/wallet?limit=1), fetched once for every part of a page that shows
 * one of them: the header's earnings, the holds, a freeze each read their own with `select` from one
 * cached answer (the first transaction rides along, unused). The header shows them on every page, so
 * the answer is typed, not parsed: zod stays off the home page (lib/api.ts apiRequestTyped, decision 037).
 */
export const walletSummary = {
  queryKey: walletQueryKeys.summary,
  queryFn: ({ signal }: { signal: AbortSignal }): Promise<Wallet> =>
    apiRequestTyped<Wallet>('/api/wallet?limit=1', { signal }),
};

/** A reader's available and held earnings. */
export const earningsQuery = queryOptions({ ...walletSummary, select: (wallet: Wallet) => wallet.earnings });
