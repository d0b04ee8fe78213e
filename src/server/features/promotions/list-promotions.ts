import type { Promotion, PromotionState } from '@shared/promotions';
import { desc, eq, sql } from 'drizzle-orm';
import { promotions } from '../../db/schema';
import { notFound } from '../../errors';
import type { PromotionDeps } from './deps';

type PromotionRow = typeof promotions.$inferSelect;

/** A code with no redemption left, or whose budget cannot pay `cents` more. */
export const isUsedUp = (row: PromotionRow, cents: number) =>
  (row.maxRedemptions !== null && row.redemptions >= row.maxRedemptions) ||
  (row.budgetCents !== null && row.grantedCents + cents > row.budgetCents);

function stateOf(row: PromotionRow, now: Date): PromotionState {
  if (row.endsAt && row.endsAt <= now) return 'ended';
  if (isUsedUp(row, row.creditCents)) return 'used_up';
  if (row.paused) return 'paused';
  return row.startsAt > now ? 'scheduled' : 'active';
}

/**
 * Of each code's credit: spent (net of refunds given back) and taken back (at expiry, or from a refunded or disputed deposit). (Spelled out:
 * drizzle writes a lone table's columns unqualified, which the subqueries' own ids would shadow.)
 */
const spentCents = sql<string>`(select coalesce(sum(s.cents), 0) from credit_spends s join credit_grants g on g.id = s.grant_id where g.promotion_id = promotions.id)::text`;
const expiredCents = sql<string>`(select coalesce(sum(t.amount_cents), 0) from ledger_transfers t join credit_grants g on t.reference = 'credit-grant:' || g.id
  where t.kind in ('credit_expiry', 'credit_revoke') and g.promotion_id = promotions.id)::text`;

const offersSent = sql<number>`(select count(*) from offer_sends o where o.promotion_id = promotions.id and o.outcome = 'sent')::int`;

type Figures = { spentCents: string; expiredCents: string; offersSent: number };

function toPromotion({ promotion: row, ...figures }: { promotion: PromotionRow } & Figures, now: Date): Promotion {
  return {
    id: row.id,
    code: row.code,
    creditCents: row.creditCents,
    bonusPercent: row.bonusPercent,
    minTopUpCents: row.minTopUpCents,
    maxBonusCents: row.maxBonusCents,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt?.toISOString() ?? null,
    creditDays: row.creditDays,
    maxRedemptions: row.maxRedemptions,
    budgetCents: row.budgetCents,
    newClientsOnly: row.newClientsOnly,
    welcome: row.isWelcome,
    paused: row.paused,
    state: stateOf(row, now),
    redemptions: row.redemptions,
    grantedCents: row.grantedCents,
    spentCents: Number(figures.spentCents),
    expiredCents: Number(figures.expiredCents),
    announcedAt: row.announcedAt?.toISOString() ?? null,
    offersSent: figures.offersSent,
    createdAt: row.createdAt.toISOString(),
  };
}

const withFigures = (deps: PromotionDeps) =>
  deps.db.select({ promotion: promotions, spentCents, expiredCents, offersSent }).from(promotions);

/** Every code, newest first, with what it has cost to date (Admin → Promotions). */
export async function listPromotions(deps: PromotionDeps): Promise<{ promotions: Promotion[] }> {
  const now = new Date(deps.clock.now());
  const rows = await withFigures(deps).orderBy(desc(promotions.createdAt), desc(promotions.id));
  return { promotions: rows.map((row) => toPromotion(row, now)) };
}

export async function loadPromotion(deps: PromotionDeps, id: string): Promise<Promotion> {
  const [row] = await withFigures(deps).where(eq(promotions.id, id));
  if (!row) throw notFound('Promotion not found');
  return toPromotion(row, new Date(deps.clock.now()));
}

/** Pauses or resumes a code: a paused code is refused to everyone until resumed. */
export async function setPromotionPaused(deps: PromotionDeps, id: string, paused: boolean): Promise<Promotion> {
  const updated = await deps.db
    .update(promotions)
    .set({ paused })
    .where(eq(promotions.id, id))
    .returning({ id: promotions.id });
  if (updated.length === 0) throw notFound('Promotion not found');
  return loadPromotion(deps, id);
}
