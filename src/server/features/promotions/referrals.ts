import { randomInt } from 'node:crypto';
import { paths } from '@shared/paths';
import {
  REFERRAL_CLAIM_DAYS,
  REFERRAL_CODE_ALPHABET,
  REFERRAL_QUALIFY_DAYS,
  type ReferralSummary,
} from '@shared/promotions';
import { and, asc, count, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { intersect } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { cardPayments, deposits, referralCodes, referrals, user } from '../../db/schema';
import { isUniqueViolation } from '../../db/unique-violation';
import { conflict } from '../../errors';
import type { SessionUser } from '../auth';
import { grantCredit, offersPausedReason } from '../wallet';
import type { PromotionDeps } from './deps';
import { DAY_MS } from '@shared/time-units';

export interface ReferralDeps extends PromotionDeps {
  /** What each side of a referral gets and for how long (REFERRAL_CREDIT_CENTS, 0: off; REFERRAL_CREDIT_DAYS). */
  referralCredit: { cents: number; days: number };
}

const newCode = () =>
  Array.from({ length: 8 }, () => REFERRAL_CODE_ALPHABET[randomInt(REFERRAL_CODE_ALPHABET.length)]).join('');

/** The client's code, made the first time: a code already taken by someone else is drawn again. */
async function codeOf(db: Db, userId: string, now: Date): Promise<string> {
  for (;;) {
    const [mine] = await db
      .select({ code: referralCodes.code })
      .from(referralCodes)
      .where(eq(referralCodes.userId, userId));
    if (mine) return mine.code;
    try {
      await db
        .insert(referralCodes)
        .values({ userId, code: newCode(), createdAt: now })
        .onConflictDoNothing({ target: referralCodes.userId });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
}

/** The client's link and how it has done (the wallet's 'Invite a friend'). */
export async function referralSummary(deps: ReferralDeps, client: SessionUser): Promise<ReferralSummary> {
  const code = await codeOf(deps.db, client.id, new Date(deps.clock.now()));
  const [row] = await deps.db
    .select({
      referred: count(),
      rewarded: sql<number>`count(*) filter (where ${referrals.referrerRewardedAt} is not null)::int`,
    })
    .from(referrals)
    .where(eq(referrals.referrerId, client.id));
  return {
    code,
    path: `${paths.signup}?ref=${code}`,
    creditCents: deps.referralCredit.cents,
    referred: row?.referred ?? 0,
    rewarded: row?.rewarded ?? 0,
  };
}

/**
 * One mailbox under its aliases: `a.b+tag@gmail.com` and `ab@googlemail.com` are the same person,
 * and so is `name+tag@example.com` with `name@example.com` (decision 066: a referral to one's own alias is self).
 */
export function mailboxOf(email: string): string {
  const [local = '', domain = ''] = email.trim().toLowerCase().split('@');
  const base = local.split('+')[0] ?? '';
  const isGmail = domain === 'gmail.com' || domain === 'googlemail.com';
  return `${isGmail ? base.replaceAll('.', '') : base}@${isGmail ? 'gmail.com' : domain}`;
}

/**
 * A new client says whose link brought them (the sign-up page kept the code): within
 * REFERRAL_CLAIM_DAYS of their sign-up, before any deposit, once, and never their own link or an
 * alias of their own mailbox. 409 says why not.
 */
export async function claimReferral(
  deps: ReferralDeps,
  client: SessionUser,
  code: string,
): Promise<{ referrerName: string }> {
  const now = new Date(deps.clock.now());
  const [referrer] = await deps.db
    .select({ id: referralCodes.userId, name: user.name, email: user.email })
    .from(referralCodes)
    .innerJoin(user, eq(user.id, referralCodes.userId))
    .where(eq(referralCodes.code, code));
  if (!referrer) throw conflict('This referral link is not valid');
  if (referrer.id === client.id || mailboxOf(referrer.email) === mailboxOf(client.email))
    throw conflict('You cannot use your own referral link');
  const [me] = await deps.db.select({ createdAt: user.createdAt }).from(user).where(eq(user.id, client.id));
  if (!me || me.createdAt.getTime() < now.getTime() - REFERRAL_CLAIM_DAYS * DAY_MS)
    throw conflict('A referral link is for new accounts');
  const [deposited] = await deps.db
    .select({ id: deposits.id })
    .from(deposits)
    .where(and(eq(deposits.userId, client.id), eq(deposits.status, 'succeeded')))
    .limit(1);
  if (deposited) throw conflict('A referral link is for new accounts');
  const inserted = await deps.db
    .insert(referrals)
    .values({ referredId: client.id, referrerId: referrer.id, claimedAt: now })
    .onConflictDoNothing({ target: referrals.referredId })
    .returning({ id: referrals.referredId });
  if (inserted.length === 0) throw conflict('You already came by a referral link');
  return { referrerName: referrer.name };
}

/**
 * Whether the two have ever paid a deposit with one card (Stripe's fingerprint, recorded from
 * charge.succeeded): a referral between them is self-referral. Checked when the reward is due, so
 * a card the referrer used after the claim counts too.
 */
async function paidWithOneCard(tx: Tx, referrerId: string, referredId: string): Promise<boolean> {
  const cardsOf = (userId: string) =>
    tx
      .select({ fingerprint: cardPayments.fingerprint })
      .from(deposits)
      .innerJoin(cardPayments, eq(cardPayments.paymentIntentId, deposits.providerReference))
      .where(and(eq(deposits.userId, userId), eq(deposits.status, 'succeeded')));
  const shared = await intersect(cardsOf(referrerId), cardsOf(referredId)).limit(1);
  return shared.length > 0;
}

/**
 * Rewards referrals whose referred client's first card deposit has stood REFERRAL_QUALIFY_DAYS, not
 * refunded and not disputed: both get the referral credit, each side once (a grant keyed by the
 * referral and the side), a side that may not receive offers now later. A first deposit refunded or
 * disputed voids the referral, as does one card paying for both sides. Each referral in its own
 * transaction under its row lock, skipped by a second node meanwhile. Returns the referrals that changed.
 */
export async function rewardReferrals(deps: ReferralDeps, batch = 50): Promise<number> {
  if (deps.referralCredit.cents === 0) return 0;
  const now = new Date(deps.clock.now());
  const qualifiedBefore = new Date(now.getTime() - REFERRAL_QUALIFY_DAYS * DAY_MS);
  const open = and(
    isNull(referrals.voidedAt),
    or(isNull(referrals.referrerRewardedAt), isNull(referrals.referredRewardedAt)),
  );
  const candidates = await deps.db
    .select({ referredId: referrals.referredId })
    .from(referrals)
    .where(open)
    .orderBy(asc(referrals.claimedAt))
    .limit(batch);
  let changed = 0;
  for (const { referredId } of candidates) {
    const done = await deps.db.transaction(async (tx) => {
      const [referral] = await tx
        .select()
        .from(referrals)
        .where(and(eq(referrals.referredId, referredId), open))
        .for('update', { skipLocked: true });
      if (!referral) return false;
      const [first] = await tx
        .select({
          createdAt: deposits.createdAt,
          refundedCents: deposits.refundedCents,
          disputeStatus: deposits.disputeStatus,
        })
        .from(deposits)
        .where(
          and(eq(deposits.userId, referredId), eq(deposits.status, 'succeeded'), isNotNull(deposits.providerReference)),
        )
        .orderBy(asc(deposits.createdAt), asc(deposits.id))
        .limit(1);
      if (!first) return false;
      const voidReason = first.refundedCents > 0 ? 'refunded' : first.disputeStatus !== null ? 'disputed' : null;
      if (voidReason) {
        await tx.update(referrals).set({ voidedAt: now, voidReason }).where(eq(referrals.referredId, referredId));
        return true;
      }
      if (first.createdAt > qualifiedBefore) return false;
      if (await paidWithOneCard(tx, referral.referrerId, referredId)) {
        await tx
          .update(referrals)
          .set({ voidedAt: now, voidReason: 'same_card' })
          .where(eq(referrals.referredId, referredId));
        return true;
      }
      const expiresAt = new Date(now.getTime() + deps.referralCredit.days * DAY_MS);
      const sides = [
        {
          userId: referral.referrerId,
          side: 'referrer',
          rewardedAt: referral.referrerRewardedAt,
          stamp: { referrerRewardedAt: now },
        },
        {
          userId: referral.referredId,
          side: 'referred',
          rewardedAt: referral.referredRewardedAt,
          stamp: { referredRewardedAt: now },
        },
      ] as const;
      let rewarded = false;
      for (const { userId, side, rewardedAt, stamp } of sides) {
        // On a break or at a deposit limit, no offer reaches them now: their side waits.
        if (rewardedAt || (await offersPausedReason(tx, userId, now))) continue;
        await grantCredit(tx, {
          id: `referral:${referredId}:${side}`,
          userId,
          amountCents: deps.referralCredit.cents,
          source: 'referral',
          expiresAt,
          now,
        });
        await tx.update(referrals).set(stamp).where(eq(referrals.referredId, referredId));
        rewarded = true;
      }
      return rewarded;
    });
    if (done) changed++;
  }
  return changed;
}
