import type { Clock } from '../../clock';
import type { Db } from '../../db/client';

export interface PromotionDeps {
  db: Db;
  clock: Clock;
}

/** The grant a code gives a client: one per code and person (credit_grants' unique index says the same). */
export const promotionGrantId = (promotionId: string, userId: string) => `promo:${promotionId}:${userId}`;
