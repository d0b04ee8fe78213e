import { randomUUID } from 'node:crypto';
import type { CommunityReply } from '@shared/community';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { communityLikes, communityPosts, communityReplies, readerProfiles, user } from '../../db/schema';
import { notFound } from '../../errors';
import { findPost } from './get-thread';
import { authorColumns, toReply } from './to-post';
import type { ForumViewer } from './viewer';

type Member = NonNullable<ForumViewer>;

/** A reply and the post's reply count move together. */
export async function createReply(
  db: Db,
  postId: string,
  author: Member,
  content: string,
  now: Date,
): Promise<CommunityReply> {
  await findPost(db, postId, author);
  const id = randomUUID();
  await db.transaction(async (tx) => {
    await tx.insert(communityReplies).values({ id, postId, authorId: author.id, content, createdAt: now });
    await tx
      .update(communityPosts)
      .set({ replyCount: sql`${communityPosts.replyCount} + 1` })
      .where(eq(communityPosts.id, postId));
  });
  const [row] = await db
    .select({ reply: communityReplies, ...authorColumns })
    .from(communityReplies)
    .innerJoin(user, eq(user.id, communityReplies.authorId))
    .leftJoin(readerProfiles, eq(readerProfiles.userId, user.id))
    .where(eq(communityReplies.id, id));
  if (!row) throw notFound('Reply not found');
  const { reply, ...rest } = row;
  return toReply({ ...reply, ...rest }, author);
}

/**
 * Toggles the user's like. The (post, user) key decides: the count moves only with a row that was
 * really added or removed, so a double click or two racing toggles never count twice.
 */
export async function toggleLike(db: Db, postId: string, member: Member) {
  await findPost(db, postId, member);
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(communityLikes)
      .where(and(eq(communityLikes.postId, postId), eq(communityLikes.userId, member.id)))
      .returning({ postId: communityLikes.postId });
    const added =
      removed.length > 0
        ? []
        : await tx
            .insert(communityLikes)
            .values({ postId, userId: member.id })
            .onConflictDoNothing()
            .returning({ postId: communityLikes.postId });
    const delta = added.length - removed.length;
    const [post] = await tx
      .update(communityPosts)
      .set({ likeCount: sql`${communityPosts.likeCount} + ${delta}` })
      .where(eq(communityPosts.id, postId))
      .returning({ likeCount: communityPosts.likeCount });
    return { liked: removed.length === 0, likeCount: post?.likeCount ?? 0 };
  });
}
