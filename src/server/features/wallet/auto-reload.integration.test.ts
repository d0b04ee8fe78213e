import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createClient, type TestUser } from '../../../../tests/integration/factories';
import { http } from '../../../../tests/integration/http';
import { readingTestApp } from '../../../../tests/integration/readings';
import { deposits, savedCards } from '../../db/schema';
import { resumeAfterDeposit, runDueWork } from '../sessions';
import { autoReloadKey, runDueAutoReloads } from './auto-reload';
import { checkLedger, getWalletBalanceCents } from '.';
import { SLOW_MACHINE_TIMEOUT_MS } from '../../../../tests/integration/timeouts';

// Decision 039, 'Saved cards and auto-reload': a saved card charged off session when a reading finds
// the wallet short, once per crossing, with the pause to top up as the fallback.
const RATE = 299;
const { app, clock, driver } = await readingTestApp();
afterAll(async () => {
  expect(await checkLedger(app.db)).toEqual([]);
});

const errors: unknown[] = [];
const reloadDeps = {
  db: app.db,
  payments: app.payments,
  realtime: app.realtime,
  clock,
  onDeposited: (userId: string) => resumeAfterDeposit(app.sessions, userId),
  log: { error: (obj: unknown) => errors.push(obj) },
};
const runReloads = () => runDueAutoReloads(reloadDeps);

/** A card as checkout saves it (the sandbox charges `pm_sandbox_saved_…` and declines `pm_card_chargeDeclined`). */
async function saveCard(user: TestUser, id = `pm_sandbox_saved_${randomUUID()}`) {
  await app.db
    .insert(savedCards)
    .values({ id, userId: user.id, brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 });
  return id;
}
const setAutoReload = (user: TestUser, body: object) => http(app, user.cookie).put('/api/wallet/auto-reload', body);
const reloadsOf = (user: TestUser) =>
  app.db
    .select()
    .from(deposits)
    .where(and(eq(deposits.userId, user.id), like(deposits.idempotencyKey, 'auto-reload:%')))
    .orderBy(deposits.createdAt);
const balance = (user: TestUser) => getWalletBalanceCents(app.db, user.id);

describe('auto-reload settings', () => {
  it('starts off, saves a card of the person only, and refuses bad input changing nothing', async () => {
    const client = await createClient(app);
    const other = await createClient(app);
    const card = await saveCard(client);
    const othersCard = await saveCard(other);
    expect((await http(app, client.cookie).get('/api/wallet/auto-reload')).body).toEqual({
      enabled: false,
      thresholdCents: 500,
      amountCents: 2000,
      card: null,
      failure: null,
    });

    const refused = [
      { enabled: true, thresholdCents: 500, amountCents: 2000, cardId: null },
      { enabled: true, thresholdCents: 500, amountCents: 2000, cardId: othersCard },
      { enabled: true, thresholdCents: -1, amountCents: 2000, cardId: card },
      { enabled: true, thresholdCents: 500, amountCents: 50, cardId: card },
      { enabled: true, thresholdCents: 500, amountCents: 200_000, cardId: card },
      { enabled: 'yes', thresholdCents: 500, amountCents: 2000, cardId: card },
    ];
    for (const body of refused) {
      const response = await setAutoReload(client, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    }
    expect((await http(app, client.cookie).get('/api/wallet/auto-reload')).body).toMatchObject({
      enabled: false,
      card: null,
    });

    const saved = await setAutoReload(client, { enabled: true, thresholdCents: 1000, amountCents: 2500, cardId: card });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({
      enabled: true,
      thresholdCents: 1000,
      amountCents: 2500,
      card: { id: card, brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 },
      failure: null,
    });
    expect(
      (
        await http(app).put('/api/wallet/auto-reload', {
          enabled: false,
          thresholdCents: 0,
          amountCents: 500,
          cardId: null,
        })
      ).status,
    ).toBe(401);
  });
});

describe('auto-reload during a reading', () => {
  it('charges the saved card once per crossing of the threshold, before the minute that would find the wallet short', async () => {
    // 648 pays minute 1 and leaves 349, below the $5.00 threshold.
    const { client, id } = await driver.startReading({ rateCents: RATE, balanceCents: 2 * RATE + 50 });
    const card = await saveCard(client);
    await setAutoReload(client, { enabled: true, thresholdCents: 500, amountCents: 2000, cardId: card });

    expect(await runReloads()).toBe(1);
    expect(await balance(client)).toBe(349 + 2000);
    // Above the threshold again: further passes charge nothing.
    expect(await runReloads()).toBe(0);

    // 2349 pays minutes 2–7 (1794) and leaves 555; minute 8 leaves 256: the second crossing.
    for (let minute = 2; minute <= 7; minute += 1) {
      await driver.nextMinute(id);
      expect(await runReloads()).toBe(0);
    }
    await driver.nextMinute(id);
    expect(await runReloads()).toBe(1);
    expect(await balance(client)).toBe(256 + 2000);
    const savedAt = new Date(clock.now() - 7 * 60_000);
    expect(
      (await reloadsOf(client)).map((row) => [row.idempotencyKey, row.amountCents, row.status, row.paymentMethodId]),
    ).toEqual([
      [autoReloadKey(id, 1, savedAt), 2000, 'succeeded', card],
      [autoReloadKey(id, 8, savedAt), 2000, 'succeeded', card],
    ]);
    // The wallet shows each reload as a deposit, after the one that funded the reading.
    const wallet = await http(app, client.cookie).get('/api/wallet');
    expect(
      wallet.body.transactions
        .filter((line: { kind: string }) => line.kind === 'deposit')
        .map((line: { amountCents: number }) => line.amountCents),
    ).toEqual([2000, 2000, 2 * RATE + 50]);
  });

  it('leaves a crossing alone once its reload is credited, though the wallet is still below the threshold', async () => {
    // 648 pays minute 1 and leaves 349; a $5.00 reload leaves 849, still below the $10.00 threshold.
    const { client, id } = await driver.startReading({ rateCents: RATE, balanceCents: 2 * RATE + 50 });
    const card = await saveCard(client);
    await setAutoReload(client, { enabled: true, thresholdCents: 1000, amountCents: 500, cardId: card });

    expect(await runReloads()).toBe(1);
    // Further ticks within the minute find the crossing done: no claim, no deposit replayed.
    expect(await runReloads()).toBe(0);
    expect(await runReloads()).toBe(0);
    expect(await balance(client)).toBe(349 + 500);
    // The next minute is a new crossing: one more reload.
    await driver.nextMinute(id);
    expect(await runReloads()).toBe(1);
    expect(await balance(client)).toBe(849 - RATE + 500);
    expect(await reloadsOf(client)).toHaveLength(2);
  });

  it('charges once when twenty passes race on one crossing (two processes, many ticks)', async () => {
    const { client } = await driver.startReading({ rateCents: RATE, balanceCents: 400 });
    const card = await saveCard(client);
    await setAutoReload(client, { enabled: true, thresholdCents: 500, amountCents: 1500, cardId: card });
    const ran = await Promise.all(Array.from({ length: 20 }, runReloads));
    expect(ran.reduce((sum, n) => sum + n, 0)).toBeGreaterThanOrEqual(1);
    expect((await reloadsOf(client)).map((row) => row.status)).toEqual(['succeeded']);
    expect(await balance(client)).toBe(400 - RATE + 1500);
  });

  it('resumes a reading paused to top up as soon as the reload is credited', async () => {
    const { client, id } = await driver.startReading({ rateCents: RATE, balanceCents: RATE + 50 });
    await driver.nextMinute(id);
    expect((await http(app, client.cookie).get(`/api/sessions/${id}`)).body).toMatchObject({
      pauseReason: 'insufficient_funds',
      minutesCharged: 1,
    });
    // Chosen during the pause, with a threshold below the rate: the unpayable minute is what counts.
    const card = await saveCard(client);
    await setAutoReload(client, { enabled: true, thresholdCents: 0, amountCents: 1000, cardId: card });
    expect(await runReloads()).toBe(1);
    expect((await http(app, client.cookie).get(`/api/sessions/${id}`)).body).toMatchObject({
      pauseReason: null,
      pausedAt: null,
      minutesCharged: 2,
    });
    expect(await balance(client)).toBe(50 + 1000 - RATE);
  });

  it('a declined card stops auto-reload with the reason, and the reading pauses to top up as before', async () => {
    const { client, id } = await driver.startReading({ rateCents: RATE, balanceCents: RATE + 50 });
    const card = await saveCard(client, 'pm_card_chargeDeclined');
    await setAutoReload(client, { enabled: true, thresholdCents: 500, amountCents: 2000, cardId: card });
    expect(await runReloads()).toBe(1);
    expect(await runReloads()).toBe(0);
    expect((await reloadsOf(client)).map((row) => row.status)).toEqual(['failed']);
    const settings = await http(app, client.cookie).get('/api/wallet/auto-reload');
    expect(settings.body).toMatchObject({
      enabled: true,
      failure: { message: 'Your card was declined.', at: new Date(clock.now()).toISOString() },
    });

    await driver.nextMinute(id);
    expect((await http(app, client.cookie).get(`/api/sessions/${id}`)).body).toMatchObject({
      pauseReason: 'insufficient_funds',
    });
    expect(await balance(client)).toBe(50);
    // Saving the settings again is the person's new go-ahead: the next pass tries once more.
    await setAutoReload(client, { enabled: true, thresholdCents: 500, amountCents: 2000, cardId: card });
    expect((await http(app, client.cookie).get('/api/wallet/auto-reload')).body.failure).toBeNull();
    expect(await runReloads()).toBe(1);
    expect((await reloadsOf(client)).map((row) => row.status)).toEqual(['failed', 'failed']);
    expect(errors).toEqual([]);
  });

  it('keeps to the deposit limits, and stops at a removed card or when switched off', async () => {
    const limited = await driver.startReading({ rateCents: RATE, balanceCents: RATE + 50 });
    expect(
      (
        await http(app, limited.client.cookie).put('/api/wallet/limits', {
          dailyCents: 1000,
          weeklyCents: null,
          monthlyCents: null,
        })
      ).status,
    ).toBe(200);
    await setAutoReload(limited.client, {
      enabled: true,
      thresholdCents: 500,
      amountCents: 2000,
      cardId: await saveCard(limited.client),
    });
    expect(await runReloads()).toBe(1);
    expect(await reloadsOf(limited.client)).toEqual([]);
    const failure = (await http(app, limited.client.cookie).get('/api/wallet/auto-reload')).body.failure;
    expect(failure.message).toMatch(/limit/i);

    const removed = await driver.startReading({ rateCents: RATE, balanceCents: RATE + 50 });
    const card = await saveCard(removed.client);
    await setAutoReload(removed.client, { enabled: true, thresholdCents: 500, amountCents: 2000, cardId: card });
    await app.db.delete(savedCards).where(eq(savedCards.id, card));
    expect((await http(app, removed.client.cookie).get('/api/wallet/auto-reload')).body).toMatchObject({
      enabled: true,
      card: null,
    });

    const off = await driver.startReading({ rateCents: RATE, balanceCents: RATE + 50 });
    await setAutoReload(off.client, {
      enabled: false,
      thresholdCents: 500,
      amountCents: 2000,
      cardId: await saveCard(off.client),
    });
    expect(await runReloads()).toBe(0);
    expect([...(await reloadsOf(removed.client)), ...(await reloadsOf(off.client))]).toEqual([]);
  });

  it('does nothing without a running reading', async () => {
    const client = await createClient(app, { balanceCents: 100 });
    await setAutoReload(client, {
      enabled: true,
      thresholdCents: 500,
      amountCents: 2000,
      cardId: await saveCard(client),
    });
    await runDueWork(app.sessions);
    expect(await runReloads()).toBe(0);
    expect(await balance(client)).toBe(100);
  });
});

describe('auto-reload, any settings, minutes and passes racing', () => {
  it('moves exactly the reloads it records: wallet = start + reloads − charges, one reload per crossing at most', {
    timeout: SLOW_MACHINE_TIMEOUT_MS,
  }, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          thresholdCents: fc.integer({ min: 0, max: 2_000 }),
          amountCents: fc.integer({ min: 100, max: 3_000 }),
          rateCents: fc.integer({ min: 100, max: 600 }),
          startCents: fc.integer({ min: 100, max: 2_000 }),
          minutes: fc.integer({ min: 1, max: 5 }),
          racers: fc.integer({ min: 1, max: 4 }),
        }),
        async ({ thresholdCents, amountCents, rateCents, startCents, minutes, racers }) => {
          const { client, id } = await driver.startReading({
            rateCents,
            balanceCents: Math.max(startCents, rateCents),
          });
          await setAutoReload(client, { enabled: true, thresholdCents, amountCents, cardId: await saveCard(client) });
          for (let minute = 0; minute < minutes; minute += 1) {
            // The scheduler's minute and several reload passes (two processes, late ticks) at once.
            await Promise.all([driver.nextMinute(id), ...Array.from({ length: racers }, runReloads)]);
          }
          await runReloads();
          const reloads = await reloadsOf(client);
          const reading = (await http(app, client.cookie).get(`/api/sessions/${id}`)).body;
          expect(reloads.every((row) => row.status === 'succeeded')).toBe(true);
          expect(new Set(reloads.map((row) => row.idempotencyKey)).size).toBe(reloads.length);
          expect(reloads.length).toBeLessThanOrEqual(reading.minutesCharged + 1);
          expect(await balance(client)).toBe(
            Math.max(startCents, rateCents) + reloads.length * amountCents - reading.totalCostCents,
          );
          // Nothing left that a pass would still charge this client for: the wallet covers the
          // threshold and the next minute, or this very crossing was reloaded already.
          await runReloads();
          expect(await reloadsOf(client)).toHaveLength(reloads.length);
        },
      ),
      { numRuns: 12 },
    );
    expect(await checkLedger(app.db)).toEqual([]);
  });
});
