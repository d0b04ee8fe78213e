import { promotionsApi } from '@shared/api/promotions';
import type { CreatePromotionInput, Promotion } from '@shared/promotions';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { adminQueryKeys } from './admin-api';

export const promotionsQueryKey = [...adminQueryKeys.all, 'promotions'] as const;

/** Every promotion code, newest first, with its redemptions and what it has granted, spent and taken back. */
export const promotionsQuery = queryOptions({
  queryKey: promotionsQueryKey,
  queryFn: ({ signal }) => callApi(promotionsApi.list, {}, { signal }),
});

export function createPromotion(input: CreatePromotionInput): Promise<Promotion> {
  return callApi(promotionsApi.create, { body: input });
}

/** A paused code is refused to everyone until resumed. */
export function setPromotionPaused(promotionId: string, paused: boolean): Promise<Promotion> {
  return callApi(promotionsApi.setPaused, { params: { id: promotionId }, body: { paused } });
}

/** Sends an active code to the clients who opted into offers (each once, by the channels they chose). */
export function announcePromotion(promotionId: string): Promise<Promotion> {
  return callApi(promotionsApi.announce, { params: { id: promotionId } });
}
