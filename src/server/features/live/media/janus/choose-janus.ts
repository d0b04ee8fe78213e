import { and, count, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { liveStreams } from '../../../../db/schema';
import type { JanusConnection } from './janus-api';
import { isJanusHealthy } from './janus-health';

/**
 * The Janus a stream going live gets: of those answering their health check, the one with the
 * fewest live streams by the rows (ties to the first in JANUS_URL). The issue asks for the fewest
 * viewers; the rows do not count viewers per Janus yet, and a stream's own viewers come after its
 * room is chosen, so live streams stand in. Null when none answers: the stream goes peer to peer.
 */
export async function chooseJanus(db: Db, connections: readonly JanusConnection[]): Promise<JanusConnection | null> {
  const rows = await db
    .select({ url: liveStreams.janusUrl, streams: count() })
    .from(liveStreams)
    .where(and(eq(liveStreams.status, 'live'), isNotNull(liveStreams.janusUrl)))
    .groupBy(liveStreams.janusUrl);
  const streamsOn = new Map(rows.map((row) => [row.url, row.streams]));
  const byLoad = [...connections].sort((a, b) => (streamsOn.get(a.url) ?? 0) - (streamsOn.get(b.url) ?? 0));
  for (const janus of byLoad) if (await isJanusHealthy(janus)) return janus;
  return null;
}
