import { ERROR_CODES } from '@shared/errors';
import type { RedeemPromotionResult } from '@shared/promotions';
import { and, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { deposits, promotions } from '../../db/schema';
import { AppError } from '../../errors';
import type { SessionUser } from '../auth';
import { grantCredit, hasReachedDepositLimit } from '../wallet';
import { type PromotionDeps, promotionGrantId } from './deps';

const DAY_MS = 24 * 60 * 60 * 1000;

const unavailable = (message: string) => new AppError(ERROR_CODES.promotionUnavailable, message);

type PromotionRow = typeof promotions.$inferSelect;

/** Why a code is refused to this client now, or null when they may have it. */
async function refusalOf(tx: Tx, promotion: PromotionRow | undefined, client: SessionUser, now: Date): Promise<string | null> {
  if (!promotion) return 'This code is not valid';
  if (promotion.startsAt > now || promotion.paused) return 'This code is not available right now';
  if (promotion.endsAt && promotion.endsAt <= now) return 'This code has expired';
  if (promotion.creditCents === 0) return 'This code gives a bonus on a top-up: enter it when you add funds';
  if (promotion.newClientsOnly) {
    const [deposited] = await tx.select({ id: deposits.id }).from(deposits).where(and(eq(deposits.userId, client.id), eq(deposits.status, 'succeeded'))).limit(1);
    if (deposited) return 'This code is for new clients';
  }
  // On the side of wellbeing: no offer reaches someone at a limit they set themselves.
  if (await hasReachedDepositLimit(tx, client.id, now.getTime())) return 'Offers are paused while you are at a deposit limit you set';
  return null;
}

/**
 * A client redeems a code that gives a fixed credit (issue 48): one transaction admits the
 * redemption on the code's row (a conditional update, so twenty clients racing for its last use or
 * its budget's last cent let exactly as many through as fit) and grants the credit; a second use by
 * the same person finds their grant and rolls the count back. Refusals are 409
 * PROMOTION_UNAVAILABLE, naming why.
 */
export async function redeemPromotion(deps: PromotionDeps, client: SessionUser, code: string): Promise<RedeemPromotionResult> {
  const now = new Date(deps.clock.now());
  return deps.db.transaction(async (tx) => {
    const [promotion] = await tx.select().from(promotions).where(eq(promotions.code, code));
    const refusal = await refusalOf(tx, promotion, client, now);
    if (refusal || !promotion) throw unavailable(refusal ?? 'This code is not valid');
    const admitted = await tx
      .update(promotions)
      .set({ redemptions: sql`${promotions.redemptions} + 1`, grantedCents: sql`${promotions.grantedCents} + ${promotions.creditCents}` })
      .where(
        and(
          eq(promotions.id, promotion.id),
          eq(promotions.paused, false),
          lte(promotions.startsAt, now),
          or(isNull(promotions.endsAt), gt(promotions.endsAt, now)),
          or(isNull(promotions.maxRedemptions), sql`${promotions.redemptions} < ${promotions.maxRedemptions}`),
          or(isNull(promotions.budgetCents), sql`${promotions.grantedCents} + ${promotions.creditCents} <= ${promotions.budgetCents}`),
        ),
      )
      .returning({ id: promotions.id });
    if (admitted.length === 0) throw unavailable('This code has been used up');
    const expiresAt = new Date(now.getTime() + promotion.creditDays * DAY_MS);
    const { created } = await grantCredit(tx, {
      id: promotionGrantId(promotion.id, client.id),
      userId: client.id,
      amountCents: promotion.creditCents,
      source: 'code',
      promotionId: promotion.id,
      expiresAt,
      now,
    });
    if (!created) throw unavailable('You have already used this code');
    return { creditCents: promotion.creditCents, expiresAt: expiresAt.toISOString() };
  });
}
