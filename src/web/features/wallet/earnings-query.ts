import { walletApi } from '@shared/api/wallet';
import type { Wallet } from '@shared/wallet';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { walletQueryKeys } from './query-keys';

/**
 * The wallet's figures (GET /api/wallet?limit=1), fetched once for every part of a page that shows
 * one of them: the header's earnings, the holds, a freeze each read their own with `select` from one
 * cached answer (the first transaction rides along, unused).
 */
export const walletSummary = {
  queryKey: walletQueryKeys.summary,
  queryFn: ({ signal }: { signal: AbortSignal }): Promise<Wallet> =>
    callApi(walletApi.get, { query: { limit: 1 } }, { signal }),
};

/** A reader's available and held earnings. */
export const earningsQuery = queryOptions({ ...walletSummary, select: (wallet: Wallet) => wallet.earnings });
