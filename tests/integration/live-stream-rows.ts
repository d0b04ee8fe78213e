import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { liveStreams } from '../../src/server/db/schema';
import type { TestApp } from './test-app';

/**
 * A stream row as the streams API leaves it, for tests of what happens inside a stream (money,
 * figures) that need not go through going live.
 */
export async function insertStream(app: TestApp, readerId: string, overrides: { status?: 'scheduled' | 'live' | 'ended'; priceCents?: number } = {}) {
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
    scheduledFor: status === 'scheduled' ? new Date(now.getTime() + 3_600_000) : null,
  });
  return id;
}

export async function endStream(app: TestApp, streamId: string) {
  await app.db.update(liveStreams).set({ status: 'ended', endedAt: new Date(app.clock.now()) }).where(eq(liveStreams.id, streamId));
}
