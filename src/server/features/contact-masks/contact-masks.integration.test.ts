import { and, asc, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CONTACT_DETAILS_REMOVED } from '@shared/contact-details';
import type { StreamChat } from '@shared/live';
import type { OpenReport } from '@shared/reports';
import type { ChatMessage } from '@shared/sessions';
import { contactMasks, reports } from '../../db/schema';
import { createAdmin, createClient, createReader, type TestUser } from '../../../../tests/integration/factories';
import { http } from '../../../../tests/integration/http';
import { readingTestApp } from '../../../../tests/integration/readings';
import { emitAck, nextEvent } from '../../../../tests/integration/socket-helpers';
import { checkLedger } from '../wallet';

const HOUR = 60 * 60 * 1000;
const { app, clock, driver } = await readingTestApp();
const admin = await createAdmin(app);

const EMAIL = 'Write to me at luna.reads@gmail.com after the reading';
const EMAIL_MASKED = `Write to me at ${CONTACT_DETAILS_REMOVED} after the reading`;
const PHONE = 'or text me on 555 867 5309 tonight';
const PLAIN = 'The Three of Cups at 10:30 for $4.99, lovely.';

const masksOf = (userId: string) =>
  app.db
    .select({ context: contactMasks.context, subjectId: contactMasks.subjectId, original: contactMasks.original })
    .from(contactMasks)
    .where(eq(contactMasks.userId, userId))
    .orderBy(asc(contactMasks.createdAt), asc(contactMasks.original));
const productReportsOf = (userId: string) =>
  app.db
    .select()
    .from(reports)
    .where(and(isNull(reports.reporterId), eq(reports.targetType, 'user'), eq(reports.targetId, userId)));
const chat = (who: TestUser, sessionId: string, content: string) =>
  http(app, who.cookie).post('/api/sessions/message', { sessionId, content });
const adminQueue = async () =>
  (await http(app, admin.cookie).get<{ reports: OpenReport[] }>('/api/admin/reports')).body.reports;

/** A running chat reading with both sides' sockets in its room. */
async function readingInRoom() {
  const reading = await driver.startReading({ rateCents: 199, balanceCents: 10_000 });
  const clientSocket = await app.connectSocket(reading.client.cookie);
  const readerSocket = await app.connectSocket(reading.reader.cookie);
  for (const socket of [clientSocket, readerSocket])
    expect(await emitAck(socket, 'join_session_room', { sessionId: reading.id })).toMatchObject({ ok: true });
  return { ...reading, clientSocket, readerSocket };
}

describe('reading chat', () => {
  it('delivers a message with contact details masked to the other side, in the transcript too, keeps the original for admins, and tells the sender', async () => {
    const { client, reader, id, clientSocket, readerSocket } = await readingInRoom();
    const heard = nextEvent<ChatMessage>(readerSocket, 'new_message', (message) => message.senderId === client.id);
    const ack = await emitAck<{ message: ChatMessage; masked: boolean }>(clientSocket, 'session_message', {
      sessionId: id,
      content: EMAIL,
      type: 'text',
    });

    expect(ack).toMatchObject({ ok: true, masked: true, message: { content: EMAIL_MASKED } });
    expect((await heard).content).toBe(EMAIL_MASKED);
    const transcript = await http(app, reader.cookie).get<{ messages: ChatMessage[] }>(`/api/sessions/${id}/messages`);
    expect(transcript.body.messages.map((message) => message.content)).toEqual([EMAIL_MASKED]);
    const messageId = transcript.body.messages[0]!.id;
    expect(await masksOf(client.id)).toEqual([{ context: 'chat', subjectId: messageId, original: EMAIL }]);
  });

  it('leaves a message without contact details as it was, stores no original, and acknowledges masked: false', async () => {
    const { reader, id, clientSocket, readerSocket } = await readingInRoom();
    const heard = nextEvent<ChatMessage>(clientSocket, 'new_message', (message) => message.senderId === reader.id);
    const ack = await emitAck<{ message: ChatMessage; masked: boolean }>(readerSocket, 'session_message', {
      sessionId: id,
      content: PLAIN,
      type: 'text',
    });
    expect(ack).toMatchObject({ ok: true, masked: false, message: { content: PLAIN } });
    expect((await heard).content).toBe(PLAIN);
    expect(await masksOf(reader.id)).toEqual([]);

    const overHttp = await chat(reader, id, PLAIN);
    expect(overHttp.status).toBe(201);
    expect(overHttp.body).toMatchObject({ content: PLAIN, masked: false });
    expect(await masksOf(reader.id)).toEqual([]);
  });
});

describe('the report the product files by itself', () => {
  it("files exactly one on the third masked attempt in a day, none on the fourth, and the admin reads the originals and readers' notes on them", async () => {
    const { client, reader, id } = await readingInRoom();
    expect(
      (
        await http(app, reader.cookie).post(`/api/readers/me/clients/${client.id}/notes`, {
          text: 'Keeps asking to move off the platform.',
        })
      ).status,
    ).toBe(201);
    expect((await chat(client, id, EMAIL)).body).toMatchObject({ masked: true });
    clock.advance(HOUR);
    expect((await chat(client, id, PHONE)).body).toMatchObject({
      masked: true,
      content: `or text me on ${CONTACT_DETAILS_REMOVED} tonight`,
    });
    expect((await chat(client, id, PLAIN)).body).toMatchObject({ masked: false });
    expect(await productReportsOf(client.id)).toEqual([]);

    clock.advance(HOUR);
    expect((await chat(client, id, 'insta: @luna_reads_tarot')).body).toMatchObject({ masked: true });
    const filed = await productReportsOf(client.id);
    expect(filed).toMatchObject([
      { status: 'open', reason: 'Shared contact details 3 times in a day', reporterId: null },
    ]);

    clock.advance(60_000);
    expect((await chat(client, id, EMAIL)).body).toMatchObject({ masked: true });
    expect(await productReportsOf(client.id)).toHaveLength(1);

    const report = (await adminQueue()).find((open) => open.targetType === 'user' && open.targetId === client.id);
    expect(report).toMatchObject({
      reporterName: 'Soul Tribe',
      reason: 'Shared contact details 3 times in a day',
      content: { authorName: 'Test client', link: null },
    });
    expect(report?.content?.maskedOriginals?.map(({ context, original }) => [context, original])).toEqual([
      ['chat', EMAIL],
      ['chat', 'insta: @luna_reads_tarot'],
      ['chat', PHONE],
      ['chat', EMAIL],
    ]);
    expect(report?.content?.clientNotes).toEqual([
      {
        readerName: expect.any(String),
        clientName: 'Test client',
        text: 'Keeps asking to move off the platform.',
        createdAt: expect.any(String),
      },
    ]);
  });

  it('counts a day, not for ever: two attempts, then a third 25 hours later, file nothing', async () => {
    const { client, id } = await readingInRoom();
    await chat(client, id, EMAIL);
    await chat(client, id, PHONE);
    clock.advance(25 * HOUR);
    await driver.heartbeat(id);
    expect((await chat(client, id, EMAIL)).body).toMatchObject({ masked: true });
    expect(await masksOf(client.id)).toHaveLength(3);
    expect(await productReportsOf(client.id)).toEqual([]);
  });

  it('files one report when masked attempts race', async () => {
    const { client, id } = await readingInRoom();
    const sent = await Promise.all(
      Array.from({ length: 6 }, (_, n) => chat(client, id, `mail me: luna${n}@example.com`)),
    );
    expect(sent.map((response) => response.status)).toEqual(Array(6).fill(201));
    expect(await masksOf(client.id)).toHaveLength(6);
    expect(await productReportsOf(client.id)).toHaveLength(1);
  });

  it('files again only once the open one is decided, and "hide" on it just closes it', async () => {
    const { client, id } = await readingInRoom();
    for (const text of [EMAIL, PHONE, EMAIL]) await chat(client, id, text);
    const [open] = await productReportsOf(client.id);
    const decided = await http(app, admin.cookie).post(`/api/admin/reports/${open!.id}/decision`, { decision: 'hide' });
    expect(decided.body).toEqual({ status: 'hidden', decided: 1 });
    expect((await adminQueue()).some((report) => report.targetId === client.id)).toBe(false);

    clock.advance(HOUR);
    await driver.heartbeat(id);
    for (const text of [EMAIL, PHONE]) await chat(client, id, text);
    expect(await productReportsOf(client.id)).toHaveLength(1);
    await chat(client, id, EMAIL);
    expect((await productReportsOf(client.id)).map((report) => report.status).sort()).toEqual(['hidden', 'open']);
  });

  it('is not something a user can file', async () => {
    const client = await createClient(app);
    const response = await http(app, client.cookie).post('/api/reports', {
      targetType: 'user',
      targetId: client.id,
      reason: 'Shared contact details',
    });
    expect(response.status).toBe(400);
    expect(await app.db.select().from(reports).where(eq(reports.targetId, client.id))).toEqual([]);
  });
});

describe('live chat', () => {
  it('shows the room the masked message and tells the sender', async () => {
    const reader = await createReader(app);
    const started = await http(app, reader.cookie).post('/api/live/streams', {
      title: 'Full moon',
      category: 'Mediumship',
    });
    expect(started.status).toBe(201);
    const streamId: string = started.body.id;
    const readerSocket = await app.connectSocket(reader.cookie);
    const viewer = await createClient(app);
    const viewerSocket = await app.connectSocket(viewer.cookie);
    for (const socket of [readerSocket, viewerSocket])
      expect(await emitAck(socket, 'join_stream', { streamId })).toMatchObject({ ok: true });

    const heard = nextEvent<StreamChat>(readerSocket, 'stream_chat', (message) => message.userId === viewer.id);
    const ack = await emitAck<{ message: StreamChat; masked: boolean }>(viewerSocket, 'stream_message', {
      streamId,
      content: EMAIL,
    });
    expect(ack).toMatchObject({ ok: true, masked: true, message: { content: EMAIL_MASKED } });
    expect((await heard).content).toBe(EMAIL_MASKED);
    expect(await masksOf(viewer.id)).toEqual([
      { context: 'stream_chat', subjectId: (await heard).id, original: EMAIL },
    ]);

    const rejoined = await emitAck<{ messages: StreamChat[] }>(
      await app.connectSocket((await createClient(app)).cookie),
      'join_stream',
      { streamId },
    );
    expect(rejoined).toMatchObject({ ok: true, messages: [{ content: EMAIL_MASKED }] });
    expect(await emitAck(viewerSocket, 'stream_message', { streamId, content: PLAIN })).toMatchObject({
      ok: true,
      masked: false,
      message: { content: PLAIN },
    });
  });
});

describe('written questions and answers', () => {
  const QUESTION = 'Will my sister and I speak again? My number is 555 867 5309 if it is easier.';
  const ANSWER = 'The cards show a letter crossing water: she is closer than you think. Visit lunareads.com for more.';

  it('masks the question for the reader and the answer for the client, keeping both originals', async () => {
    const reader = await createReader(app);
    expect(
      (
        await http(app, reader.cookie).patch('/api/readers/me', {
          writtenReadingPriceCents: 1999,
          writtenReadingAnswerHours: 24,
        })
      ).status,
    ).toBe(200);
    const client = await createClient(app, { balanceCents: 5000 });

    const asked = await http(app, client.cookie).post('/api/written-readings', {
      readerId: reader.id,
      question: QUESTION,
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    expect(asked.body).toMatchObject({
      masked: true,
      question: `Will my sister and I speak again? My number is ${CONTACT_DETAILS_REMOVED} if it is easier.`,
    });
    const seenByReader = (await http(app, reader.cookie).get('/api/written-readings')).body.writtenReadings[0];
    expect(seenByReader).toMatchObject({ id: asked.body.id, question: asked.body.question });
    expect(await masksOf(client.id)).toEqual([
      { context: 'written_question', subjectId: asked.body.id, original: QUESTION },
    ]);

    const answered = await http(app, reader.cookie).post(`/api/written-readings/${asked.body.id}/answer`, {
      answer: ANSWER,
    });
    expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    expect(answered.body).toMatchObject({
      masked: true,
      answer: ANSWER.replace('lunareads.com', CONTACT_DETAILS_REMOVED),
    });
    expect((await http(app, client.cookie).get('/api/written-readings')).body.writtenReadings[0]).toMatchObject({
      answer: answered.body.answer,
    });
    expect(await masksOf(reader.id)).toEqual([
      { context: 'written_answer', subjectId: asked.body.id, original: ANSWER },
    ]);

    const rated = await http(app, client.cookie).post(`/api/written-readings/${asked.body.id}/rate`, {
      rating: 5,
      review: 'Spot on, loved it.',
    });
    expect(rated.body).toMatchObject({ masked: false, review: 'Spot on, loved it.' });
    expect(await checkLedger(app.db)).toEqual([]);
  });

  it('refuses an answer that is mostly contact details, charging nothing and keeping nothing', async () => {
    const reader = await createReader(app);
    await http(app, reader.cookie).patch('/api/readers/me', {
      writtenReadingPriceCents: 1999,
      writtenReadingAnswerHours: 24,
    });
    const client = await createClient(app, { balanceCents: 5000 });
    const asked = await http(app, client.cookie).post('/api/written-readings', {
      readerId: reader.id,
      question: 'Will my sister and I speak again before winter?',
    });
    expect(asked.body).toMatchObject({ masked: false });
    const answered = await http(app, reader.cookie).post(`/api/written-readings/${asked.body.id}/answer`, {
      answer: 'Call me: https://www.lunareads-private-sessions.com/book-now?ref=x',
    });
    expect(answered.status).toBe(400);
    expect((await http(app, client.cookie).get('/api/written-readings')).body.writtenReadings[0]).toMatchObject({
      status: 'pending',
      answer: null,
    });
    expect(await masksOf(reader.id)).toEqual([]);
    expect(await masksOf(client.id)).toEqual([]);
  });
});

describe('reader bios and reviews', () => {
  it('masks a bio on the public profile and tells the reader', async () => {
    const reader = await createReader(app);
    const bio = 'Tarot for 20 years. Find me on instagram @luna.reads for daily pulls.';
    const saved = await http(app, reader.cookie).patch('/api/readers/me', { bio });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.masked).toBe(true);
    expect(saved.body.bio).not.toContain('luna.reads');
    expect(saved.body.bio).toContain(CONTACT_DETAILS_REMOVED);
    expect((await http(app).get(`/api/readers/${reader.id}`)).body.bio).toBe(saved.body.bio);
    expect(await masksOf(reader.id)).toEqual([{ context: 'bio', subjectId: reader.id, original: bio }]);

    const online = await http(app, reader.cookie).patch('/api/readers/me', { isOnline: true });
    expect(online.body).toMatchObject({ masked: false, bio: saved.body.bio });
    expect(await masksOf(reader.id)).toHaveLength(1);
  });

  it('masks a review where every visitor reads it', async () => {
    const { client, reader, id } = await driver.startReading({ rateCents: 199, balanceCents: 10_000 });
    clock.advance(60_000);
    expect((await http(app, client.cookie).post('/api/sessions/end', { sessionId: id })).body).toMatchObject({
      status: 'completed',
    });
    const review = 'Amazing! Email her directly: luna.reads@gmail.com';
    const rated = await http(app, client.cookie).post(`/api/sessions/${id}/rating`, { rating: 5, review });
    expect(rated.status, JSON.stringify(rated.body)).toBe(200);
    expect(rated.body).toMatchObject({
      masked: true,
      review: `Amazing! Email her directly: ${CONTACT_DETAILS_REMOVED}`,
    });
    const reviews = (await http(app).get(`/api/readers/${reader.id}/reviews`)).body;
    expect(JSON.stringify(reviews)).not.toContain('luna.reads@gmail.com');
    expect(JSON.stringify(reviews)).toContain(CONTACT_DETAILS_REMOVED);
    expect(await masksOf(client.id)).toEqual([{ context: 'review', subjectId: id, original: review }]);
  });
});
