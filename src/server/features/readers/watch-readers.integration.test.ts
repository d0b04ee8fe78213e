import { describe, expect, it } from 'vitest';
import { createClient, createReader } from '../../../../tests/integration/factories';
import { http } from '../../../../tests/integration/http';
import { readingTestApp } from '../../../../tests/integration/readings';
import { collect, emitAck, nextEvent, watchReaders } from '../../../../tests/integration/socket-helpers';

const { app, driver: reading } = await readingTestApp();

const setOnline = async (cookie: string, isOnline: boolean) =>
  expect((await http(app, cookie).patch('/api/readers/me', { isOnline })).status).toBe(200);

// Decision 029: with every reader's status and every reading's start and end sent to every socket, the
// server's work grew with the square of the readings under way.
describe('who hears a reader’s presence', () => {
  it('a page watching readers hears reader_status and reader_busy; any other page does not; the reader hears their own', async () => {
    const watcher = await watchReaders(await app.connectSocket((await createClient(app)).cookie));
    const bystander = await app.connectSocket((await createClient(app)).cookie);
    const reader = await createReader(app, { chatRateCents: 299 });
    const readerPage = await app.connectSocket(reader.cookie);
    const bystanderStatuses = collect(bystander, 'reader_status');
    const bystanderBusy = collect(bystander, 'reader_busy');
    const readerStatuses = collect(readerPage, 'reader_status');

    const online = nextEvent(watcher, 'reader_status', (e) => e.readerId === reader.id);
    await setOnline(reader.cookie, true);
    expect(await online).toEqual({ readerId: reader.id, isOnline: true });

    const busy = nextEvent(watcher, 'reader_busy', (e) => e.readerId === reader.id);
    const live = await reading.startReading({ rateCents: 299, balanceCents: 1_000, reader });
    expect(await busy).toEqual({ readerId: reader.id, isBusy: true });
    const free = nextEvent(watcher, 'reader_busy', (e) => e.readerId === reader.id && !e.isBusy);
    expect((await http(app, live.client.cookie).post('/api/sessions/end', { sessionId: live.id })).status).toBe(200);
    await free;

    // Unwatched (the page closed), the same socket hears no more.
    expect(await emitAck(watcher, 'unwatch_readers', {})).toEqual({ ok: true });
    const afterUnwatch = collect(watcher, 'reader_status');
    const offline = nextEvent(readerPage, 'reader_status', (e) => !e.isOnline);
    await setOnline(reader.cookie, false);
    expect(await offline).toEqual({ readerId: reader.id, isOnline: false });
    // A round trip on each socket: anything sent to them before it has arrived.
    await Promise.all([emitAck(watcher, 'unwatch_readers', {}), emitAck(bystander, 'unwatch_readers', {})]);

    expect(afterUnwatch).toEqual([]);
    expect(bystanderStatuses).toEqual([]);
    expect(bystanderBusy).toEqual([]);
    expect(readerStatuses).toEqual([
      { readerId: reader.id, isOnline: true },
      { readerId: reader.id, isOnline: false },
    ]);
  });
});
