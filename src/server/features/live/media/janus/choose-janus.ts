import { and, count, eq, isNotNull, sum } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { liveStreams } from '../../../../db/schema';
import type { JanusConnection } from './janus-api';
import { isJanusHealthy } from './janus-health';

/**
 * The Janus a stream going live gets: of those answering their health check, the one whose live
 * streams have the fewest viewers by the rows (`viewer_count`, which every node keeps, so all
 * agree), then the fewest live streams, then the first in JANUS_URL. Viewers are what a Janus
 * spends on (one upload in, one copy out per viewer). Null when none answers: the stream goes peer
 * to peer.
 */
export async function chooseJanus(db: Db, connections: readonly JanusConnection[]): Promise<JanusConnection | null> {
  const rows = await db
    .select({ url: liveStreams.janusUrl, viewers: sum(liveStreams.viewerCount).mapWith(Number), streams: count() })
    .from(liveStreams)
    .where(and(eq(liveStreams.status, 'live'), isNotNull(liveStreams.janusUrl)))
    .groupBy(liveStreams.janusUrl);
  const load = new Map(rows.map((row) => [row.url, row]));
  const viewersOn = (janus: JanusConnection) => load.get(janus.url)?.viewers ?? 0;
  const streamsOn = (janus: JanusConnection) => load.get(janus.url)?.streams ?? 0;
  const byLoad = [...connections].sort((a, b) => viewersOn(a) - viewersOn(b) || streamsOn(a) - streamsOn(b));
  for (const janus of byLoad) if (await isJanusHealthy(janus)) return janus;
  return null;
}
