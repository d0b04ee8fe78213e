import { ERROR_CODES } from '@shared/errors';
import { bonusFor, type PromotionPreview, type RedeemPromotionResult, type WelcomeOffer } from '@shared/promotions';
import { and, desc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { creditGrants, deposits, promotions } from '../../db/schema';
import { AppError } from '../../errors';
import type { SessionUser } from '../auth';
import { grantCredit, offersPausedReason } from '../wallet';
import { type PromotionDeps, promotionGrantId } from './deps';
import { isUsedUp } from './list-promotions';
import { DAY_MS } from '@shared/time-units';

const unavailable = (message: string) => new AppError(ERROR_CODES.promotionUnavailable, message);

type PromotionRow = typeof promotions.$inferSelect;

/**
 * On its own a code gives its fixed credit; with a deposit, its bonus on the amount as well; sent
 * as an offer, whichever it gives (the amount is the client's to choose later).
 */
type Use = { type: 'redeem' } | { type: 'deposit'; amountCents: number } | { type: 'offer' };

/** Why a code is refused to this client now, or null when they may have it. */
export async function refusalOf(
  db: DbOrTx,
  promotion: PromotionRow | undefined,
  userId: string,
  now: Date,
  use: Use,
): Promise<string | null> {
  if (!promotion) return 'This code is not valid';
  if (promotion.startsAt > now || promotion.paused) return 'This code is not available right now';
  if (promotion.endsAt && promotion.endsAt <= now) return 'This code has expired';
  if (use.type === 'redeem' && promotion.creditCents === 0)
    return 'This code gives a bonus on a top-up: enter it when you add funds';
  if (use.type === 'deposit' && promotion.creditCents === 0 && bonusFor(promotion, use.amountCents) === 0) {
    return `This code gives a bonus on a top-up of at least $${(promotion.minTopUpCents / 100).toFixed(2)}`;
  }
  const [used] = await db
    .select({ id: creditGrants.id })
    .from(creditGrants)
    .where(eq(creditGrants.id, promotionGrantId(promotion.id, userId)));
  if (used) return 'You have already used this code';
  if (promotion.newClientsOnly) {
    const [deposited] = await db
      .select({ id: deposits.id })
      .from(deposits)
      .where(and(eq(deposits.userId, userId), eq(deposits.status, 'succeeded')))
      .limit(1);
    if (deposited) return 'This code is for new clients';
  }
  // On the side of wellbeing: no offer reaches someone at a limit they set themselves, or on a break they took.
  const paused = await offersPausedReason(db, userId, now);
  if (paused) return paused;
  if (isUsedUp(promotion, promotion.creditCents)) return 'This code has been used up';
  return null;
}

const findPromotion = async (db: DbOrTx, code: string) =>
  (await db.select().from(promotions).where(eq(promotions.code, code)))[0];

/**
 * Counts one redemption of `cents` on the code's row if it still fits: one conditional UPDATE, so
 * clients racing for its last use or its budget's last cent get through exactly as many as fit.
 */
async function admit(tx: Tx, promotionId: string, cents: number, now: Date): Promise<boolean> {
  const admitted = await tx
    .update(promotions)
    .set({ redemptions: sql`${promotions.redemptions} + 1`, grantedCents: sql`${promotions.grantedCents} + ${cents}` })
    .where(
      and(
        eq(promotions.id, promotionId),
        eq(promotions.paused, false),
        lte(promotions.startsAt, now),
        or(isNull(promotions.endsAt), gt(promotions.endsAt, now)),
        or(isNull(promotions.maxRedemptions), sql`${promotions.redemptions} < ${promotions.maxRedemptions}`),
        or(isNull(promotions.budgetCents), sql`${promotions.grantedCents} + ${cents} <= ${promotions.budgetCents}`),
      ),
    )
    .returning({ id: promotions.id });
  return admitted.length > 0;
}

/**
 * A client redeems a code that gives a fixed credit (decision 066): one transaction admits the
 * redemption on the code's row and grants the credit; a second use by the same person racing the
 * first finds their grant and rolls the count back. Refusals are 409 PROMOTION_UNAVAILABLE, naming why.
 */
export async function redeemPromotion(
  deps: PromotionDeps,
  client: SessionUser,
  code: string,
): Promise<RedeemPromotionResult> {
  const now = new Date(deps.clock.now());
  return deps.db.transaction(async (tx) => {
    const promotion = await findPromotion(tx, code);
    const refusal = await refusalOf(tx, promotion, client.id, now, { type: 'redeem' });
    if (refusal || !promotion) throw unavailable(refusal ?? 'This code is not valid');
    if (!(await admit(tx, promotion.id, promotion.creditCents, now))) throw unavailable('This code has been used up');
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

/** What a code would give this client now, for the add-funds dialog; refused as a deposit with it would be. */
export async function previewPromotion(
  deps: PromotionDeps,
  client: SessionUser,
  input: { code: string; amountCents?: number },
): Promise<PromotionPreview> {
  const now = new Date(deps.clock.now());
  const promotion = await findPromotion(deps.db, input.code);
  const use: Use =
    input.amountCents === undefined ? { type: 'redeem' } : { type: 'deposit', amountCents: input.amountCents };
  // Without an amount the dialog only asks whether the code is good for a top-up at all.
  const refusal = await refusalOf(
    deps.db,
    promotion,
    client.id,
    now,
    use.type === 'redeem' ? { type: 'deposit', amountCents: Number.MAX_SAFE_INTEGER } : use,
  );
  if (refusal || !promotion) throw unavailable(refusal ?? 'This code is not valid');
  return previewOf(promotion, input.amountCents);
}

function previewOf(promotion: PromotionRow, amountCents: number | undefined): PromotionPreview {
  return {
    code: promotion.code,
    creditCents: promotion.creditCents,
    bonusPercent: promotion.bonusPercent,
    maxBonusCents: promotion.maxBonusCents,
    minTopUpCents: promotion.minTopUpCents,
    bonusCents: amountCents === undefined ? 0 : bonusFor(promotion, amountCents),
    creditDays: promotion.creditDays,
  };
}

/**
 * The promotion a deposit gets: the code given with it, checked before any payment (409 when
 * refused); without a code, the welcome offer if this is a new client it would reach (else none).
 * Its id is kept on the deposit, and its credit granted when the deposit is credited.
 */
export async function promotionForDeposit(
  db: DbOrTx,
  userId: string,
  code: string | undefined,
  amountCents: number,
  now: Date,
): Promise<string | null> {
  if (code === undefined) return (await welcomeFor(db, userId, now, amountCents))?.id ?? null;
  const promotion = await findPromotion(db, code);
  const refusal = await refusalOf(db, promotion, userId, now, { type: 'deposit', amountCents });
  if (refusal || !promotion) throw unavailable(refusal ?? 'This code is not valid');
  return promotion.id;
}

/** The newest active welcome offer, if it would reach this client now (a first top-up of `amountCents`, when given). */
async function welcomeFor(db: DbOrTx, userId: string, now: Date, amountCents?: number): Promise<PromotionRow | null> {
  const [welcome] = await db
    .select()
    .from(promotions)
    .where(
      and(
        eq(promotions.isWelcome, true),
        eq(promotions.paused, false),
        lte(promotions.startsAt, now),
        or(isNull(promotions.endsAt), gt(promotions.endsAt, now)),
      ),
    )
    .orderBy(desc(promotions.createdAt))
    .limit(1);
  if (!welcome) return null;
  const use: Use = { type: 'deposit', amountCents: amountCents ?? Number.MAX_SAFE_INTEGER };
  return (await refusalOf(db, welcome, userId, now, use)) === null ? welcome : null;
}

/** The welcome offer the add-funds dialog shows a new client, or null when none would reach them. */
export async function welcomeOffer(deps: PromotionDeps, client: SessionUser): Promise<WelcomeOffer> {
  const welcome = await welcomeFor(deps.db, client.id, new Date(deps.clock.now()));
  return { offer: welcome && previewOf(welcome, undefined) };
}

/**
 * When a deposit made with a code is credited (in the same transaction): the code's fixed credit and
 * its bonus on the amount, as one grant tied to the deposit, if the code still has room for them;
 * a deposit never fails for its code. Returns the cents granted.
 */
export async function grantDepositPromotion(
  tx: Tx,
  deposit: { id: string; userId: string; amountCents: number; promotionId: string },
  now: Date,
): Promise<number> {
  const [promotion] = await tx.select().from(promotions).where(eq(promotions.id, deposit.promotionId));
  if (!promotion) return 0;
  const cents = promotion.creditCents + bonusFor(promotion, deposit.amountCents);
  if (cents === 0 || !(await admit(tx, promotion.id, cents, now))) return 0;
  const { created } = await grantCredit(tx, {
    id: promotionGrantId(promotion.id, deposit.userId),
    userId: deposit.userId,
    amountCents: cents,
    source: 'code',
    promotionId: promotion.id,
    depositId: deposit.id,
    expiresAt: new Date(now.getTime() + promotion.creditDays * DAY_MS),
    now,
  });
  if (!created) {
    // Used since (another deposit with the same code credited first): this one's count comes back.
    await tx
      .update(promotions)
      .set({
        redemptions: sql`${promotions.redemptions} - 1`,
        grantedCents: sql`${promotions.grantedCents} - ${cents}`,
      })
      .where(eq(promotions.id, promotion.id));
    return 0;
  }
  return cents;
}
