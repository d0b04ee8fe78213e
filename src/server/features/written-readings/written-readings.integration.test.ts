import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createReader, type TestUser } from '../../../../tests/integration/factories';
import { fakeClock } from '../../../../tests/integration/fake-clock';
import { http } from '../../../../tests/integration/http';
import { revenueCents } from '../../../../tests/integration/ledger-sums';
import { latestMail } from '../../../../tests/integration/mailbox';
import { nextEvent } from '../../../../tests/integration/socket-helpers';
import { testApp } from '../../../../tests/integration/test-app';
import { runDueWork } from '../sessions';
import { checkLedger, earningsAccountId, getBalances, holdAccountId, walletAccountId } from '../wallet';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const clock = fakeClock(Date.parse('2026-11-21T12:00:00Z'));
const app = await testApp({ clock, runScheduler: false, runMailWorker: false });

const QUESTION = 'Will my sister and I speak again before the winter ends?';
const ANSWER =
  'The cards show a letter crossing water: she is closer to reaching out than you think, and you will speak.';
const PRICE = 1999;

let reader: TestUser;
beforeAll(async () => {
  reader = await createReader(app, { firstName: 'Iris' });
  const optIn = await http(app, reader.cookie).patch('/api/readers/me', {
    writtenReadingPriceCents: PRICE,
    writtenReadingAnswerHours: 24,
  });
  expect(optIn.status, JSON.stringify(optIn.body)).toBe(200);
  expect(optIn.body).toMatchObject({ writtenReadingPriceCents: PRICE, writtenReadingAnswerHours: 24 });
});
afterEach(async () => {
  expect(await checkLedger(app.db)).toEqual([]);
});

const moneyOf = async (client: TestUser) => {
  const balances = await getBalances(app.db, [
    walletAccountId(client.id),
    holdAccountId(client.id),
    earningsAccountId(reader.id),
  ]);
  return {
    walletCents: balances.get(walletAccountId(client.id)) ?? 0,
    holdCents: balances.get(holdAccountId(client.id)) ?? 0,
    readerEarningsCents: balances.get(earningsAccountId(reader.id)) ?? 0,
  };
};
const ask = (client: TestUser, body: unknown = { readerId: reader.id, question: QUESTION }) =>
  http(app, client.cookie).post('/api/written-readings', body);
const answer = (user: TestUser, id: string, text = ANSWER) =>
  http(app, user.cookie).post(`/api/written-readings/${id}/answer`, { answer: text });

describe('POST /api/written-readings', () => {
  it('holds the price from the wallet: not spendable, shown apart on the wallet, and the reader is told', async () => {
    const client = await createClient(app, { balanceCents: 5000 });
    const asked = await ask(client);
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    expect(asked.body).toMatchObject({
      readerId: reader.id,
      clientId: client.id,
      question: QUESTION,
      answer: null,
      priceCents: PRICE,
      answerHours: 24,
      status: 'pending',
      dueAt: new Date(clock.now() + DAY).toISOString(),
    });
    expect(await moneyOf(client)).toMatchObject({ walletCents: 3001, holdCents: 1999 });
    const wallet = (await http(app, client.cookie).get('/api/wallet')).body;
    expect(wallet).toMatchObject({ balanceCents: 3001, onHoldCents: 1999 });
    expect(wallet.transactions[0]).toMatchObject({
      kind: 'hold',
      amountCents: -1999,
      counterpart: { type: 'hold', id: asked.body.id, name: 'Written question' },
    });
    const bell = (await http(app, reader.cookie).get('/api/notifications')).body.notifications;
    expect(bell[0]).toMatchObject({ kind: 'written_reading_asked', link: '/dashboard/messages' });
  });

  it('answers 402 when the wallet cannot hold the price, and keeps no question', async () => {
    const client = await createClient(app, { balanceCents: 1998 });
    const asked = await ask(client);
    expect(asked.status).toBe(402);
    expect(asked.body.error.code).toBe('INSUFFICIENT_FUNDS');
    expect(await moneyOf(client)).toMatchObject({ walletCents: 1998, holdCents: 0 });
    expect((await http(app, client.cookie).get('/api/written-readings')).body.writtenReadings).toEqual([]);
  });

  it('answers 400 with a field message for a question too short or too long, or a missing reader, and holds nothing', async () => {
    const client = await createClient(app, { balanceCents: 5000 });
    for (const body of [
      { readerId: reader.id, question: 'Too short?' },
      { readerId: reader.id, question: 'x'.repeat(2001) },
      { readerId: reader.id },
      { question: QUESTION },
      { readerId: reader.id, question: 42 },
    ]) {
      const asked = await ask(client, body);
      expect(asked.status, JSON.stringify(body)).toBe(400);
      expect(asked.body.error).toMatchObject({ code: 'BAD_REQUEST', message: expect.any(String) });
    }
    expect((await ask(client, { readerId: reader.id, question: 'Too short?' })).body.error.fields).toEqual({
      question: 'Your question must be 20 to 2,000 characters',
    });
    expect(await moneyOf(client)).toMatchObject({ walletCents: 5000, holdCents: 0 });
  });

  it('holds once for one Idempotency-Key: a retry and two at once answer the first question', async () => {
    const client = await createClient(app, { balanceCents: 5000 });
    const body = { readerId: reader.id, question: QUESTION };
    const send = (key: string, payload: unknown = body) =>
      http(app, client.cookie).post('/api/written-readings', payload, { 'idempotency-key': key });
    const first = await send('ask-1');
    expect(first.status).toBe(201);
    const retried = await send('ask-1');
    expect(retried.status).toBe(201);
    expect(retried.body.id).toBe(first.body.id);
    expect(await moneyOf(client)).toMatchObject({ walletCents: 3001, holdCents: 1999 });
    expect((await send('ask-1', { readerId: reader.id, question: `${QUESTION} Another one.` })).status).toBe(409);

    const [a, b] = await Promise.all([send('ask-2'), send('ask-2')]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.id).toBe(b.body.id);
    expect(await moneyOf(client)).toMatchObject({ walletCents: 1002, holdCents: 3998 });
    expect((await http(app, client.cookie).get('/api/written-readings')).body.writtenReadings).toHaveLength(2);
  });

  it('two questions racing for a wallet that holds one price: exactly one is held, the other 402', async () => {
    const client = await createClient(app, { balanceCents: 2500 });
    const [a, b] = await Promise.all([
      ask(client),
      ask(client, { readerId: reader.id, question: `${QUESTION} (again)` }),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 402]);
    expect(await moneyOf(client)).toMatchObject({ walletCents: 501, holdCents: 1999 });
    expect((await http(app, client.cookie).get('/api/written-readings')).body.writtenReadings).toHaveLength(1);
  });

  it('refuses a reader who does not take written questions (409) and an unknown one (404)', async () => {
    const client = await createClient(app, { balanceCents: 5000 });
    const other = await createReader(app);
    expect((await ask(client, { readerId: other.id, question: QUESTION })).status).toBe(409);
    expect((await ask(client, { readerId: 'nobody', question: QUESTION })).status).toBe(404);
    expect(await moneyOf(client)).toMatchObject({ walletCents: 5000, holdCents: 0 });
  });
});

describe('POST /api/written-readings/:id/answer', () => {
  it('charges the hold 70/30 exactly, and the client is notified and mailed', async () => {
    const client = await createClient(app, { balanceCents: 5000 });
    const { id } = (await ask(client)).body;
    const before = await moneyOf(client);
    const revenueBefore = await revenueCents(app.db);
    const answered = await answer(reader, id);
    expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    expect(answered.body).toMatchObject({
      status: 'answered',
      answer: ANSWER,
      answeredAt: new Date(clock.now()).toISOString(),
    });
    const after = await moneyOf(client);
    expect(after.walletCents).toBe(3001);
    expect(after.holdCents).toBe(before.holdCents - 1999);
    expect(after.readerEarningsCents - before.readerEarningsCents).toBe(1399);
    expect((await revenueCents(app.db)) - revenueBefore).toBe(600);

    const bell = (await http(app, client.cookie).get('/api/notifications')).body.notifications;
    expect(bell[0]).toMatchObject({
      kind: 'written_reading_answered',
      title: expect.stringMatching(/^Iris .* answered your question$/),
    });
    const mail = await latestMail(app, client.email, 'written_reading_answered');
    expect(mail.subject).toContain('answered your question');
    expect(mail.links[0]!.url).toBe(`${app.config.publicUrl}/dashboard/messages`);
  });

  it('answers once: a second answer is 409, and two at once leave exactly one', async () => {
    const client = await createClient(app, { balanceCents: 5000 });
    const { id } = (await ask(client)).body;
    expect((await answer(reader, id)).status).toBe(200);
    const again = await answer(reader, id, `${ANSWER} And a second thought, written later.`);
    expect(again.status).toBe(409);

    const raced = (await ask(client)).body.id as string;
    const before = await moneyOf(client);
    const [first, second] = await Promise.all([
      answer(reader, raced, `${ANSWER} (one)`),
      answer(reader, raced, `${ANSWER} (two)`),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const winner = first.status === 200 ? first : second;
    const thread = (await http(app, client.cookie).get('/api/written-readings')).body.writtenReadings.find(
      (w: { id: string }) => w.id === raced,
    );
    expect(thread.answer).toBe(winner.body.answer);
    const after = await moneyOf(client);
    expect(after.readerEarningsCents - before.readerEarningsCents).toBe(1399);
    expect(after.holdCents).toBe(before.holdCents - 1999);
  });

  it('lets only that reader answer, with 50–5,000 characters', async () => {
    const client = await createClient(app, { balanceCents: 5000 });
    const stranger = await createReader(app);
    const { id } = (await ask(client)).body;
    expect((await answer(stranger, id)).status).toBe(404);
    expect((await answer(client, id)).status).toBe(403);
    const short = await answer(reader, id, 'Yes.');
    expect(short.status).toBe(400);
    expect(short.body.error.fields).toEqual({ answer: 'The answer must be 50 to 5,000 characters' });
    expect((await answer(reader, id, 'y'.repeat(5001))).status).toBe(400);
    expect((await answer(reader, 'no-such-question')).status).toBe(404);
    expect(await moneyOf(client)).toMatchObject({ walletCents: 3001, holdCents: 1999 });
  });
});

describe('a question not answered in time', () => {
  it('is refunded in full by the scheduler at its due time, and can no longer be answered', async () => {
    const client = await createClient(app, { balanceCents: 5000 });
    const socket = await app.connectSocket(client.cookie);
    const heldBalance = nextEvent(socket, 'wallet_updated');
    const { id } = (await ask(client)).body;
    expect(await heldBalance).toEqual({ balanceCents: 3001 });
    clock.advance(DAY - 1);
    await runDueWork(app.sessions);
    expect(await moneyOf(client)).toMatchObject({ walletCents: 3001, holdCents: 1999 });

    clock.advance(1);
    // At the due time the answer is refused even before the sweep runs.
    expect((await answer(reader, id)).status).toBe(409);
    const refundedBalance = nextEvent(socket, 'wallet_updated');
    await runDueWork(app.sessions);
    expect(await moneyOf(client)).toMatchObject({ walletCents: 5000, holdCents: 0 });
    // The client's open pages hear the money is back.
    expect(await refundedBalance).toEqual({ balanceCents: 5000 });
    await runDueWork(app.sessions);
    expect(await moneyOf(client)).toMatchObject({ walletCents: 5000, holdCents: 0 });
    const thread = (await http(app, client.cookie).get('/api/written-readings')).body.writtenReadings[0];
    expect(thread).toMatchObject({
      id,
      status: 'refunded',
      refundedAt: new Date(clock.now()).toISOString(),
      answer: null,
    });
    expect((await answer(reader, id)).status).toBe(409);
    const bell = (await http(app, client.cookie).get('/api/notifications')).body.notifications;
    expect(bell[0]).toMatchObject({ kind: 'written_reading_refunded', body: '$19.99 is back in your wallet.' });
  });

  it('shows on the profile as the on-time rate: answered in time over answered plus refunded', async () => {
    const punctual = await createReader(app);
    await http(app, punctual.cookie).patch('/api/readers/me', {
      writtenReadingPriceCents: 500,
      writtenReadingAnswerHours: 48,
    });
    const onTime = () => http(app).get(`/api/readers/${punctual.id}/written-readings/on-time`);
    expect((await onTime()).body).toEqual({ dueCount: 0, answeredOnTimeCount: 0, onTimePercent: null });

    const client = await createClient(app, { balanceCents: 5000 });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await ask(client, { readerId: punctual.id, question: QUESTION })).body.id);
    expect((await answer(punctual, ids[0]!)).status).toBe(200);
    expect((await answer(punctual, ids[1]!)).status).toBe(200);
    // Still open: not counted either way.
    expect((await onTime()).body).toEqual({ dueCount: 2, answeredOnTimeCount: 2, onTimePercent: 100 });
    clock.advance(2 * DAY);
    await runDueWork(app.sessions);
    expect((await onTime()).body).toEqual({ dueCount: 3, answeredOnTimeCount: 2, onTimePercent: 67 });
    expect(await moneyOf(client)).toMatchObject({ walletCents: 5000 - 2 * 500, holdCents: 0 });
  });
});

describe('rating an answer', () => {
  it('counts with the reader’s reviews within 7 days, once, and only by the client', async () => {
    const rated = await createReader(app);
    await http(app, rated.cookie).patch('/api/readers/me', { writtenReadingPriceCents: 700 });
    const client = await createClient(app, { balanceCents: 5000 });
    const { id } = (await ask(client, { readerId: rated.id, question: QUESTION })).body;
    const rate = (user: TestUser, body: unknown = { rating: 4, review: 'Kind and clear.' }) =>
      http(app, user.cookie).post(`/api/written-readings/${id}/rate`, body);
    expect((await rate(client)).status).toBe(409);
    expect((await answer(rated, id)).body.ratableUntil).toBe(new Date(clock.now() + 7 * DAY).toISOString());

    expect((await rate(rated)).status).toBe(403);
    expect((await rate(client, { rating: 6 })).status).toBe(400);
    clock.advance(7 * DAY - 1);
    const done = await rate(client);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ rating: 4, review: 'Kind and clear.', ratableUntil: null });
    expect((await rate(client)).status).toBe(409);

    const profile = (await http(app).get(`/api/readers/${rated.id}`)).body;
    expect(profile).toMatchObject({ rating: 4, totalReviews: 1 });
    const reviews = (await http(app).get(`/api/readers/${rated.id}/reviews`)).body;
    expect(reviews).toMatchObject({
      total: 1,
      average: 4,
      reviews: [{ id, rating: 4, text: 'Kind and clear.', sessionType: 'written' }],
    });
  });

  it('is refused after 7 days', async () => {
    const client = await createClient(app, { balanceCents: 5000 });
    const { id } = (await ask(client)).body;
    expect((await answer(reader, id)).status).toBe(200);
    clock.advance(7 * DAY);
    const late = await http(app, client.cookie).post(`/api/written-readings/${id}/rate`, { rating: 5 });
    expect(late.status).toBe(409);
    expect(late.body.error.message).toBe('Ratings close 7 days after the answer');
  });
});

describe('accounts with written readings', () => {
  it('are in the data export, cannot be deleted while a question is open, and leave the other side a thread without the words', async () => {
    const asker = await createClient(app, { balanceCents: PRICE });
    const { id } = (await ask(asker)).body;
    const exported = (await http(app, asker.cookie).get('/api/account/export')).body;
    expect(exported.writtenReadings).toEqual([
      expect.objectContaining({ id, as: 'client', question: QUESTION, priceCents: PRICE, status: 'pending' }),
    ]);
    expect(exported.transactions.at(-1)).toMatchObject({
      account: 'wallet',
      direction: 'out',
      kind: 'hold',
      amountCents: PRICE,
    });

    const remove = () => http(app, asker.cookie).post('/api/account/delete', { password: asker.password });
    const refused = await remove();
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(
      'A written question is still open. Wait for its answer or its refund, then delete your account.',
    );
    expect((await answer(reader, id)).status).toBe(200);
    expect((await remove()).status).toBe(204);
    const thread = (await http(app, reader.cookie).get('/api/written-readings')).body.writtenReadings.find(
      (w: { id: string }) => w.id === id,
    );
    expect(thread).toMatchObject({
      question: 'This question was removed when its author deleted their account.',
      answer: ANSWER,
      status: 'answered',
    });
  });
});

describe('GET /api/written-readings', () => {
  it('lists each side its own threads, newest first, and no one else’s', async () => {
    const client = await createClient(app, { balanceCents: 10_000 });
    const other = await createClient(app, { balanceCents: 10_000 });
    const first = (await ask(client)).body.id;
    clock.advance(1000);
    const second = (await ask(client, { readerId: reader.id, question: `${QUESTION} And the spring?` })).body.id;
    await ask(other);
    const mine = (await http(app, client.cookie).get('/api/written-readings')).body.writtenReadings;
    expect(mine.map((w: { id: string }) => w.id)).toEqual([second, first]);
    expect(mine[0]).toMatchObject({
      clientName: 'Test client',
      readerName: expect.stringMatching(/^Iris /),
      readerUsername: expect.any(String),
    });
    const readers = (await http(app, reader.cookie).get('/api/written-readings')).body.writtenReadings.map(
      (w: { id: string }) => w.id,
    );
    expect(readers).toEqual(expect.arrayContaining([first, second]));
    expect((await http(app).get('/api/written-readings')).status).toBe(401);
  });
});
