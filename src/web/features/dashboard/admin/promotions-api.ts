import { type CreatePromotionInput, type Promotion, promotionListSchema, promotionSchema } from '@shared/promotions';
import { queryOptions } from '@tanstack/react-query';
import { apiRequestParsed } from '@/lib/api';
import { adminQueryKeys } from './admin-api';

export const promotionsQueryKey = [...adminQueryKeys.all, 'promotions'] as const;

/** Every promotion code, newest first, with its redemptions and what it has granted, spent and taken back. */
export const promotionsQuery = queryOptions({
  queryKey: promotionsQueryKey,
  queryFn: ({ signal }) => apiRequestParsed('/api/admin/promotions', promotionListSchema, { signal }),
});

export function createPromotion(input: CreatePromotionInput): Promise<Promotion> {
  return apiRequestParsed('/api/admin/promotions', promotionSchema, { method: 'POST', body: input });
}

/** A paused code is refused to everyone until resumed. */
export function setPromotionPaused(promotionId: string, paused: boolean): Promise<Promotion> {
  return apiRequestParsed(`/api/admin/promotions/${encodeURIComponent(promotionId)}`, promotionSchema, {
    method: 'PATCH',
    body: { paused },
  });
}

/** Sends an active code to the clients who opted into offers (each once, by the channels they chose). */
export function announcePromotion(promotionId: string): Promise<Promotion> {
  return apiRequestParsed(`/api/admin/promotions/${encodeURIComponent(promotionId)}/announce`, promotionSchema, {
    method: 'POST',
  });
}
