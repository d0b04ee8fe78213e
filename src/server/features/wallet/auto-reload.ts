import { and, asc, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { AUTO_RELOAD_CARD_MESSAGE, type AutoReload, type AutoReloadRequest } from '@shared/payments';
import type { Db } from '../../db/client';
import { autoReloadSettings, deposits, ledgerAccounts, readingSessions, savedCards } from '../../db/schema';
import { AppError, badRequest } from '../../errors';
import { DEPOSIT_ATTEMPT_LEASE_MS, type DepositDeps, depositToWallet } from './deposit-to-wallet';
import { walletAccountId } from './ledger';

/**
 * One key per reading, threshold crossing and saved settings: the minute after which the wallet
 * was found short, under the settings of that moment. Every process and every pass that finds the
 * same crossing asks for the same deposit, and the deposits' unique (user, key) lets exactly one of
 * them charge the card; settings saved again (after a decline, another card) are a new go-ahead.
 */
export const autoReloadKey = (sessionId: string, minutesCharged: number, settingsSavedAt: Date) =>
  `auto-reload:${sessionId}:${minutesCharged}:${settingsSavedAt.getTime()}`;

type SettingsRow = typeof autoReloadSettings.$inferSelect;

const DEFAULTS = { enabled: false, thresholdCents: 500, amountCents: 2_000 } as const;

export async function getAutoReload(db: Db, userId: string): Promise<AutoReload> {
  const [row] = await db
    .select({ settings: autoReloadSettings, card: savedCards })
    .from(autoReloadSettings)
    .leftJoin(savedCards, eq(savedCards.id, autoReloadSettings.cardId))
    .where(eq(autoReloadSettings.userId, userId));
  if (!row) return { ...DEFAULTS, card: null, failure: null };
  const { settings, card } = row;
  return {
    enabled: settings.enabled,
    thresholdCents: settings.thresholdCents,
    amountCents: settings.amountCents,
    card: card && { id: card.id, brand: card.brand, last4: card.last4, expMonth: card.expMonth, expYear: card.expYear },
    failure: settings.failedAt && { message: settings.failureMessage ?? '', at: settings.failedAt.toISOString() },
  };
}

/** Saving the settings clears a past failure: the person has seen it and chosen again. */
export async function setAutoReload(db: Db, userId: string, input: AutoReloadRequest, now: Date): Promise<AutoReload> {
  if (input.cardId !== null) {
    const [card] = await db
      .select({ id: savedCards.id })
      .from(savedCards)
      .where(and(eq(savedCards.id, input.cardId), eq(savedCards.userId, userId)));
    if (!card) throw badRequest(AUTO_RELOAD_CARD_MESSAGE, { cardId: AUTO_RELOAD_CARD_MESSAGE });
  }
  const values = { ...input, failureMessage: null, failedAt: null, updatedAt: now };
  await db
    .insert(autoReloadSettings)
    .values({ userId, ...values, createdAt: now })
    .onConflictDoUpdate({ target: autoReloadSettings.userId, set: values });
  return getAutoReload(db, userId);
}

/** On, not stopped by a failure, and no reload in flight (or only a crashed one, past its lease). */
function mayReload(now: Date) {
  const leaseExpired = new Date(now.getTime() - DEPOSIT_ATTEMPT_LEASE_MS);
  return and(
    eq(autoReloadSettings.enabled, true),
    isNull(autoReloadSettings.failedAt),
    or(isNull(autoReloadSettings.inFlightSince), lt(autoReloadSettings.inFlightSince, leaseExpired)),
  );
}

interface DueAutoReload {
  userId: string;
  sessionId: string;
  minutesCharged: number;
  amountCents: number;
  cardId: string;
  settingsSavedAt: Date;
}

/**
 * Clients with a running or funds-paused reading whose wallet is below their threshold, or below
 * the reading's rate (its next minute could not be paid): one row per client. Read from the rows
 * alone, so a process that dies between a minute's charge and the reload leaves it to the next pass.
 */
async function findDueAutoReloads(db: Db, now: Date): Promise<DueAutoReload[]> {
  const balance = ledgerAccounts.balanceCents;
  const rows = await db
    .selectDistinctOn([autoReloadSettings.userId], {
      userId: autoReloadSettings.userId,
      sessionId: readingSessions.id,
      minutesCharged: readingSessions.minutesCharged,
      amountCents: autoReloadSettings.amountCents,
      cardId: autoReloadSettings.cardId,
      settingsSavedAt: autoReloadSettings.updatedAt,
    })
    .from(autoReloadSettings)
    .innerJoin(
      readingSessions,
      and(eq(readingSessions.clientId, autoReloadSettings.userId), eq(readingSessions.status, 'active')),
    )
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, sql`${walletAccountId('')} || ${autoReloadSettings.userId}`))
    .where(
      and(
        mayReload(now),
        isNotNull(autoReloadSettings.cardId),
        or(lt(balance, autoReloadSettings.thresholdCents), lt(balance, readingSessions.ratePerMinuteCents)),
      ),
    )
    .orderBy(asc(autoReloadSettings.userId), asc(readingSessions.id));
  return withoutCreditedCrossings(
    db,
    rows.flatMap((row) => (row.cardId ? [{ ...row, cardId: row.cardId }] : [])),
  );
}

const keyOf = (due: DueAutoReload) => autoReloadKey(due.sessionId, due.minutesCharged, due.settingsSavedAt);

/**
 * A reload that leaves the wallet still below the threshold leaves the crossing due until the next
 * minute; its deposit is credited, so the crossing is done: not claimed and replayed every tick.
 */
async function withoutCreditedCrossings(db: Db, due: DueAutoReload[]): Promise<DueAutoReload[]> {
  if (due.length === 0) return due;
  const credited = await db
    .select({ key: deposits.idempotencyKey })
    .from(deposits)
    .where(
      and(
        inArray(
          deposits.userId,
          due.map((each) => each.userId),
        ),
        inArray(deposits.idempotencyKey, due.map(keyOf)),
        eq(deposits.status, 'succeeded'),
      ),
    );
  const done = new Set(credited.map((row) => row.key));
  return due.filter((each) => !done.has(keyOf(each)));
}

/** Why a reload that was refused will not be tried again until the person saves the settings. */
function refusalOf(error: unknown): string | undefined {
  if (!(error instanceof AppError)) return undefined;
  if (error.code === 'PAYMENT_FAILED' && error.details?.isRetryable === true) return undefined;
  if (error.code === 'PAYMENT_FAILED')
    return typeof error.details?.reason === 'string' ? error.details.reason : error.message;
  if (error.statusCode === 400 || error.statusCode === 403) return error.message;
  return undefined;
}

export type AutoReloadDeps = DepositDeps & { log: { error(obj: unknown, msg: string): void } };

/**
 * Charges the saved card of one due client, at most one reload in flight per person: the claim on
 * their settings row is taken by one caller only, and held for the deposit's attempt lease, so a
 * crashed process's claim expires as its deposit attempt does. Returns true when a reload ran.
 */
async function reload(deps: AutoReloadDeps, due: DueAutoReload, now: Date): Promise<boolean> {
  const key = keyOf(due);
  // Settings saved again since the pass read them (another card, another amount) are not charged
  // under the old ones: the next pass reads them anew.
  const [claimed] = await deps.db
    .update(autoReloadSettings)
    .set({ inFlightKey: key, inFlightSince: now })
    .where(
      and(
        eq(autoReloadSettings.userId, due.userId),
        eq(autoReloadSettings.updatedAt, due.settingsSavedAt),
        mayReload(now),
      ),
    )
    .returning({ userId: autoReloadSettings.userId });
  if (!claimed) return false;
  const failure: Partial<SettingsRow> = {};
  try {
    await depositToWallet(deps, {
      userId: due.userId,
      amountCents: due.amountCents,
      paymentMethodId: due.cardId,
      idempotencyKey: key,
    });
  } catch (error) {
    const refusal = refusalOf(error);
    if (refusal) Object.assign(failure, { failureMessage: refusal, failedAt: new Date(deps.clock.now()) });
    else
      deps.log.error(
        { err: error, userId: due.userId },
        'auto-reload could not reach an answer; the next pass tries again',
      );
  } finally {
    await deps.db
      .update(autoReloadSettings)
      .set({ inFlightKey: null, inFlightSince: null, ...failure })
      .where(and(eq(autoReloadSettings.userId, due.userId), eq(autoReloadSettings.inFlightKey, key)));
  }
  return true;
}

/** One pass: every due client's reload, side by side (each waits on its own card processor call). */
export async function runDueAutoReloads(deps: AutoReloadDeps): Promise<number> {
  const now = new Date(deps.clock.now());
  const due = await findDueAutoReloads(deps.db, now);
  const ran = await Promise.all(due.map((each) => reload(deps, each, now)));
  return ran.filter(Boolean).length;
}

/**
 * Looks for due reloads every `tickMs` (the scheduler's tick, a fraction of a billing minute), so
 * the card is charged well before the minute that would find the wallet short. Passes never overlap.
 */
export function startAutoReloads(deps: AutoReloadDeps, tickMs: number) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const arm = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = runDueAutoReloads(deps)
        .catch((error: unknown) => deps.log.error({ err: error }, 'an auto-reload pass failed'))
        .finally(arm);
    }, tickMs);
  };
  arm();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
