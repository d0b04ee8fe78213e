import { eq, sql } from 'drizzle-orm';
import type { StreamGiftSummary } from '@shared/live';
import type { DbOrTx } from '../../../db/client';
import { liveStreams, streamGifts, user } from '../../../db/schema';
import { notFound } from '../../../errors';
import { STREAM_NOT_FOUND_MESSAGE } from '../paid-join/find-payable-stream';
import { publicName } from '../public-name';

export const GIFT_LEADERBOARD_SIZE = 10;

/**
 * A stream's gift total (what its viewers gave, before the split) and its most generous givers.
 * A tie goes to the giver who reached that total first.
 */
export async function getGiftSummary(db: DbOrTx, streamId: string): Promise<StreamGiftSummary> {
  const [stream] = await db.select({ id: liveStreams.id }).from(liveStreams).where(eq(liveStreams.id, streamId));
  if (!stream) throw notFound(STREAM_NOT_FOUND_MESSAGE);

  const totalCents = sql<number>`coalesce(sum(${streamGifts.amountCents}), 0)::int`;
  const giftCount = sql<number>`count(*)::int`;
  const [totals] = await db
    .select({ totalCents, giftCount })
    .from(streamGifts)
    .where(eq(streamGifts.streamId, streamId));
  const givers = await db
    .select({ userId: streamGifts.senderId, name: user.name, totalCents, giftCount })
    .from(streamGifts)
    .innerJoin(user, eq(user.id, streamGifts.senderId))
    .where(eq(streamGifts.streamId, streamId))
    .groupBy(streamGifts.senderId, user.name)
    .orderBy(sql`sum(${streamGifts.amountCents}) desc`, sql`max(${streamGifts.createdAt})`, streamGifts.senderId)
    .limit(GIFT_LEADERBOARD_SIZE);
  return {
    totalCents: totals?.totalCents ?? 0,
    giftCount: totals?.giftCount ?? 0,
    leaderboard: givers.map((g) => ({
      userId: g.userId,
      userName: publicName(g.name),
      totalCents: g.totalCents,
      giftCount: g.giftCount,
    })),
  };
}
