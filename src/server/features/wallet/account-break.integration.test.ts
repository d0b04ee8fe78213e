import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createAdmin, createClient, createReader, type TestUser } from '../../../../tests/integration/factories';
import { http } from '../../../../tests/integration/http';
import { readingTestApp } from '../../../../tests/integration/readings';
import { checkLedger } from './check-ledger';

// Decision 066, 'Take a break': a client pauses their own account; until its end nothing comes in,
// nothing paid starts, no offer reaches them, and it cannot be ended early.
const DAY = 24 * 60 * 60 * 1000;
const { app, clock } = await readingTestApp();
const admin = await createAdmin(app);

afterEach(async () => {
  expect(await checkLedger(app.db)).toEqual([]);
});

const takeBreak = (user: TestUser, days: unknown) => http(app, user.cookie).post('/api/wallet/break', { days });
const deposit = (user: TestUser) =>
  http(app, user.cookie).post(
    '/api/payments/wallet-deposit',
    { amountCents: 1000, paymentMethodId: 'pm_card_visa' },
    { 'idempotency-key': randomUUID() },
  );

describe('POST /api/wallet/break', () => {
  it('pauses funds, paid readings and offers until its end, which can be moved later but not sooner', async () => {
    const client = await createClient(app, { balanceCents: 5000 });
    const reader = await createReader(app, { chatRateCents: 299 });
    expect((await http(app, reader.cookie).patch('/api/readers/me', { isOnline: true })).status).toBe(200);
    const code = `BREAK${randomUUID().replaceAll('-', '').slice(0, 8).toUpperCase()}`;
    expect(
      (
        await http(app, admin.cookie).post('/api/admin/promotions', {
          code,
          creditCents: 500,
          startsAt: new Date(clock.now()).toISOString(),
          creditDays: 30,
        })
      ).status,
    ).toBe(201);
    expect((await http(app, client.cookie).get('/api/wallet/break')).body).toEqual({ endsAt: null });

    const endsAt = new Date(clock.now() + 7 * DAY).toISOString();
    expect((await takeBreak(client, 7)).body).toEqual({ endsAt });
    expect((await http(app, client.cookie).get('/api/wallet/break')).body).toEqual({ endsAt });

    const refusedDeposit = await deposit(client);
    expect(refusedDeposit.status).toBe(403);
    expect(refusedDeposit.body.error).toMatchObject({
      code: 'ON_A_BREAK',
      message: expect.stringContaining('You are taking a break until'),
    });
    const refusedReading = await http(app, client.cookie).post('/api/sessions/request', {
      readerId: reader.id,
      sessionType: 'chat',
    });
    expect(refusedReading.status).toBe(403);
    expect(refusedReading.body.error.code).toBe('ON_A_BREAK');
    expect((await http(app, client.cookie).post('/api/promotions/redeem', { code })).body.error).toEqual({
      code: 'PROMOTION_UNAVAILABLE',
      message: 'Offers are paused while you take a break',
    });

    // Sooner (or the same) is refused; later is kept.
    const sooner = await takeBreak(client, 1);
    expect(sooner.status).toBe(409);
    expect(sooner.body.error.message).toContain('It can be made longer, not shorter.');
    expect((await takeBreak(client, 30)).body).toEqual({ endsAt: new Date(clock.now() + 30 * DAY).toISOString() });

    clock.advance(30 * DAY);
    expect((await http(app, client.cookie).get('/api/wallet/break')).body).toEqual({ endsAt: null });
    expect((await deposit(client)).status).toBe(201);
    expect((await http(app, client.cookie).post('/api/promotions/redeem', { code })).status).toBe(200);
  });

  it('takes only the lengths offered, and only from a client', async () => {
    const client = await createClient(app);
    const bad = await takeBreak(client, 3);
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({ days: 'Choose 1 day, 1 week, 1 month, 3 months or 6 months' });
    expect((await http(app, client.cookie).get('/api/wallet/break')).body).toEqual({ endsAt: null });
    expect((await takeBreak(await createReader(app), 7)).status).toBe(403);
    expect((await http(app).post('/api/wallet/break', { days: 7 })).status).toBe(401);
  });
});
