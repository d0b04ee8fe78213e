import { formatCents } from '@shared/money';
import { DEPOSIT_LIMIT_DELAY_MS, type DepositLimitPeriod, type DepositLimitRefusal } from '@shared/wallet';
import { depositWindow } from './deposit-windows';

/** One period's limit as stored: the value in force and a raise or removal waiting for its time. */
export interface DepositLimitState {
  limitCents: number | null;
  pending: { limitCents: number | null; effectiveAt: Date } | null;
}

export const NO_LIMIT: DepositLimitState = { limitCents: null, pending: null };

/** The state at `nowMs`: a pending change whose 24 hours have passed is simply in force. */
export function limitAt(state: DepositLimitState, nowMs: number): DepositLimitState {
  if (state.pending && state.pending.effectiveAt.getTime() <= nowMs)
    return { limitCents: state.pending.limitCents, pending: null };
  return state;
}

/**
 * The client asks for `nextCents` (null: no limit). A first limit or a lower one protects them, so
 * it holds at once and drops any pending raise; a raise or a removal waits DEPOSIT_LIMIT_DELAY_MS.
 * Asking again for the change already pending keeps its time, so saving twice does not push it back.
 */
export function changeLimit(state: DepositLimitState, nextCents: number | null, nowMs: number): DepositLimitState {
  const current = limitAt(state, nowMs);
  const isStricter = nextCents !== null && (current.limitCents === null || nextCents <= current.limitCents);
  if (isStricter) return { limitCents: nextCents, pending: null };
  if (current.limitCents === null) return NO_LIMIT;
  if (current.pending && current.pending.limitCents === nextCents) return current;
  return {
    limitCents: current.limitCents,
    pending: { limitCents: nextCents, effectiveAt: new Date(nowMs + DEPOSIT_LIMIT_DELAY_MS) },
  };
}

export interface LimitUse {
  period: DepositLimitPeriod;
  limitCents: number;
  /** What the window already holds: deposits that succeeded or may still succeed. */
  depositedCents: number;
}

/**
 * The limit a deposit of `amountCents` would pass, or null when it fits them all. When several
 * would be passed, the one with the least room left: its figure is what the client can still add.
 */
export function findLimitPassed(uses: LimitUse[], amountCents: number, nowMs: number): DepositLimitRefusal | null {
  const passed = uses
    .filter((use) => use.depositedCents + amountCents > use.limitCents)
    .map((use) => ({ ...use, remainingCents: Math.max(0, use.limitCents - use.depositedCents) }))
    .sort((a, b) => a.remainingCents - b.remainingCents);
  const tightest = passed[0];
  if (!tightest) return null;
  return {
    period: tightest.period,
    limitCents: tightest.limitCents,
    remainingCents: tightest.remainingCents,
    resetsAt: depositWindow(tightest.period, nowMs).resetsAt.toISOString(),
  };
}

const resetFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'UTC',
});

/** e.g. 'Your daily deposit limit is $50.00: you can add $20.00 more until Nov 24, 12:00 AM UTC'. */
export function depositLimitMessage(refusal: DepositLimitRefusal): string {
  const limit = `Your ${refusal.period} deposit limit is ${formatCents(refusal.limitCents)}`;
  const resetsAt = `${resetFormat.format(new Date(refusal.resetsAt))} UTC`;
  if (refusal.remainingCents === 0) return `${limit}: you have reached it until ${resetsAt}`;
  return `${limit}: you can add ${formatCents(refusal.remainingCents)} more until ${resetsAt}`;
}
