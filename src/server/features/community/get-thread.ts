import type { PostThread } from '@shared/community';
import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { communityPosts, communityPostViews, communityReplies, readerProfiles, user } from '../../db/schema';
import { notFound } from '../../errors';
import { viewerLikedColumn } from './list-posts';
import { authorColumns, toPost, toReply } from './to-post';
import { type ForumViewer, seesHidden } from './viewer';
import { visiblePosts } from './visible';

/** A post the viewer may see, with its author; 404 for one that is gone or hidden from them. */
export async function findPost(db: DbOrTx, postId: string, viewer: ForumViewer) {
  const [row] = await db
    .select({ post: communityPosts, ...authorColumns, viewerLiked: viewerLikedColumn(viewer) })
    .from(communityPosts)
    .innerJoin(user, eq(user.id, communityPosts.authorId))
    .leftJoin(readerProfiles, eq(readerProfiles.userId, user.id))
    .where(and(eq(communityPosts.id, postId), visiblePosts(viewer)));
  if (!row) throw notFound('Discussion not found');
  const { post, ...rest } = row;
  return { ...post, ...rest };
}

/** Counts a signed-in user's view once per UTC day; the count moves only when the day's row is new. */
async function countView(db: Db, postId: string, userId: string, now: Date) {
  await db.transaction(async (tx) => {
    const added = await tx
      .insert(communityPostViews)
      .values({ postId, userId, day: now.toISOString().slice(0, 10) })
      .onConflictDoNothing()
      .returning({ postId: communityPostViews.postId });
    if (added.length > 0)
      await tx
        .update(communityPosts)
        .set({ viewCount: sql`${communityPosts.viewCount} + 1` })
        .where(eq(communityPosts.id, postId));
  });
}

/** GET /api/community/posts/:id: the post and its replies, oldest first; hidden replies only for their author and admins, removed ones only for their author. */
export async function getThread(db: Db, postId: string, viewer: ForumViewer, now: Date): Promise<PostThread> {
  await findPost(db, postId, viewer);
  if (viewer) await countView(db, postId, viewer.id, now);
  const post = await findPost(db, postId, viewer);
  const replies = await db
    .select({ reply: communityReplies, ...authorColumns })
    .from(communityReplies)
    .innerJoin(user, eq(user.id, communityReplies.authorId))
    .leftJoin(readerProfiles, eq(readerProfiles.userId, user.id))
    .where(
      and(
        eq(communityReplies.postId, postId),
        seesHidden(viewer)
          ? isNull(communityReplies.removedAt)
          : viewer
            ? or(isNull(communityReplies.hiddenAt), eq(communityReplies.authorId, viewer.id))
            : isNull(communityReplies.hiddenAt),
      ),
    )
    .orderBy(asc(communityReplies.createdAt), asc(communityReplies.id));
  return {
    post: toPost(post, viewer, now),
    replies: replies.map(({ reply, ...rest }) => toReply({ ...reply, ...rest }, viewer)),
  };
}
