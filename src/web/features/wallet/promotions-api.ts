import { promotionsApi } from '@shared/api/promotions';
import { ERROR_CODES } from '@shared/errors';
import type { PromotionPreview, RedeemPromotionResult } from '@shared/promotions';
import type { Wallet } from '@shared/wallet';
import { queryOptions } from '@tanstack/react-query';
import { ApiError } from '@/lib/api';
import { callApi } from '@/lib/api-client';
import { walletSummary } from './earnings-query';
import { walletQueryKeys } from './query-keys';

/**
 * The client's promotional credit and the part of it that expires first (decision 066), from the wallet's one cached
 * answer.
 */
export const walletCreditQuery = queryOptions({
  ...walletSummary,
  select: ({ creditCents, nextCreditExpiry }: Wallet) => ({ creditCents, nextCreditExpiry }),
});

/** The welcome offer a new client's first top-up gets without a code, or null (GET /api/promotions/welcome). */
export const welcomeOfferQuery = queryOptions({
  queryKey: walletQueryKeys.welcomeOffer,
  queryFn: ({ signal }) => callApi(promotionsApi.welcome, {}, { signal }),
  staleTime: 60_000,
});

/** A code that gives a fixed credit, redeemed on its own (POST /api/promotions/redeem). */
export function redeemPromotion(code: string): Promise<RedeemPromotionResult> {
  return callApi(promotionsApi.redeem, { body: { code } });
}

/** What a code would give this client on a top-up of `amountCents` (or, without one, whether it is good for a top-up at all). */
export const promotionPreviewQuery = (code: string, amountCents: number | null) =>
  queryOptions({
    queryKey: walletQueryKeys.promotionPreview(code, amountCents),
    queryFn: ({ signal }): Promise<PromotionPreview> =>
      callApi(promotionsApi.preview, { body: amountCents === null ? { code } : { code, amountCents } }, { signal }),
    // A refusal is an answer to show, not a failure to retry.
    retry: false,
    staleTime: 30_000,
  });

/**
 * Why the server refused a code, to show beside the field it was typed in: a 409
 * PROMOTION_UNAVAILABLE names the reason; a 400 names the field (`code` on its own, `promoCode`
 * with a deposit). Anything else is not about the code: undefined.
 */
export function promotionRefusal(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  if (error.code === ERROR_CODES.promotionUnavailable) return error.message;
  if (error.status === 400) return error.fields?.code ?? error.fields?.promoCode;
  return undefined;
}
