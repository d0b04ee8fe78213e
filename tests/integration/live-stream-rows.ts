import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { expect, vi } from 'vitest';
import { liveStreams, readerProfiles } from '../../src/server/db/schema';
import type { TestUser } from './factories';
import type { TestApp } from './test-app';

/**
 * A stream row as the streams API leaves it, for tests of what happens inside a stream (money,
 * figures) that need not go through going live.
 */
export async function insertStream(
  app: TestApp,
  readerId: string,
  overrides: { status?: 'scheduled' | 'live' | 'ended'; priceCents?: number } = {},
) {
  const id = randomUUID();
  const status = overrides.status ?? 'live';
  const now = new Date(app.clock.now());
  await app.db.insert(liveStreams).values({
    id,
    readerId,
    title: 'Full moon tarot',
    category: 'Tarot Reading',
    priceCents: overrides.priceCents ?? 0,
    status,
    startedAt: status === 'scheduled' ? null : now,
    endedAt: status === 'ended' ? now : null,
    endReason: status === 'ended' ? 'ended' : null,
    scheduledFor: status === 'scheduled' ? new Date(now.getTime() + 3_600_000) : null,
  });
  return id;
}

export async function endStream(app: TestApp, streamId: string) {
  await app.db
    .update(liveStreams)
    .set({ status: 'ended', endedAt: new Date(app.clock.now()), endReason: 'ended' })
    .where(eq(liveStreams.id, streamId));
}

const isPageHeld = async (app: TestApp, readerId: string) =>
  (
    await app.db
      .select({ nodeId: readerProfiles.nodeId })
      .from(readerProfiles)
      .where(eq(readerProfiles.userId, readerId))
  )[0]?.nodeId != null;

/**
 * A page of the reader's, once the server has marked it held (it does so just after the socket
 * connects): a priced stream admits viewers only while its reader has a page connected.
 */
export async function openReaderPage(app: TestApp, reader: TestUser): Promise<Socket> {
  const page = await app.connectSocket(reader.cookie);
  await vi.waitFor(async () => expect(await isPageHeld(app, reader.id)).toBe(true));
  return page;
}

/** Closes the page and waits for the server to note the reader's last page closed. */
export async function closeReaderPage(app: TestApp, reader: TestUser, page: Socket) {
  page.disconnect();
  await vi.waitFor(async () => expect(await isPageHeld(app, reader.id)).toBe(false));
}
