import type { CommunityPost, CommunityReply, moderatePostSchema, moderateReplySchema } from '@shared/community';
import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { communityPosts, communityReplies, readerProfiles, user } from '../../db/schema';
import { notFound } from '../../errors';
import { assertAdminPower, type SessionUser } from '../auth';
import { findPost } from './get-thread';
import { authorColumns, toPost, toReply } from './to-post';

/**
 * Moderators' powers over the forum (decision 027): pin, feature, hide (and show again) or remove a
 * post or reply, each behind the admin gate. Hiding and removing keep the reason for the author;
 * nothing here changes what anyone wrote.
 */
type Moderator = Pick<SessionUser, 'id' | 'role' | 'isAdminLocked'>;

const hiding = (isHidden: boolean, reason: string | undefined, moderator: Moderator, now: Date) =>
  isHidden
    ? { hiddenAt: now, moderationReason: reason ?? null, moderatedBy: moderator.id }
    : { hiddenAt: null, moderationReason: null, moderatedBy: moderator.id };

/** A removed post or reply is hidden too (a check constraint holds it), since it was hidden first or now. */
const removal = (hiddenAt: Date | null, reason: string, moderator: Moderator, now: Date) => ({
  removedAt: now,
  hiddenAt: hiddenAt ?? now,
  moderationReason: reason,
  moderatedBy: moderator.id,
});

export async function moderatePost(
  db: Db,
  postId: string,
  moderator: Moderator,
  change: z.output<typeof moderatePostSchema>,
  now: Date,
): Promise<CommunityPost> {
  assertAdminPower(moderator);
  await findPost(db, postId, moderator);
  const { isHidden, reason, ...flags } = change;
  await db
    .update(communityPosts)
    .set({ ...flags, ...(isHidden !== undefined && hiding(isHidden, reason, moderator, now)) })
    .where(eq(communityPosts.id, postId));
  return toPost(await findPost(db, postId, moderator), moderator, now);
}

/** Removed for good: off the lists and out of everyone's sight but its author's (a 404 for the moderator next time). */
export async function removePost(
  db: Db,
  postId: string,
  moderator: Moderator,
  reason: string,
  now: Date,
): Promise<void> {
  assertAdminPower(moderator);
  const post = await findPost(db, postId, moderator);
  await db
    .update(communityPosts)
    .set({ ...removal(post.hiddenAt, reason, moderator, now), isPinned: false, isFeatured: false })
    .where(eq(communityPosts.id, postId));
}

/** A reply an admin may act on: not removed, in a post that is not removed; 404 otherwise. */
async function findModeratedReply(db: Db, replyId: string) {
  const [row] = await db
    .select({ reply: communityReplies, ...authorColumns })
    .from(communityReplies)
    .innerJoin(communityPosts, and(eq(communityPosts.id, communityReplies.postId), isNull(communityPosts.removedAt)))
    .innerJoin(user, eq(user.id, communityReplies.authorId))
    .leftJoin(readerProfiles, eq(readerProfiles.userId, user.id))
    .where(and(eq(communityReplies.id, replyId), isNull(communityReplies.removedAt)));
  if (!row) throw notFound('Reply not found');
  const { reply, ...rest } = row;
  return { ...reply, ...rest };
}

export async function moderateReply(
  db: Db,
  replyId: string,
  moderator: Moderator,
  change: z.output<typeof moderateReplySchema>,
  now: Date,
): Promise<CommunityReply> {
  assertAdminPower(moderator);
  await findModeratedReply(db, replyId);
  await db
    .update(communityReplies)
    .set(hiding(change.isHidden, change.reason, moderator, now))
    .where(eq(communityReplies.id, replyId));
  return toReply(await findModeratedReply(db, replyId), moderator);
}

export async function removeReply(
  db: Db,
  replyId: string,
  moderator: Moderator,
  reason: string,
  now: Date,
): Promise<void> {
  assertAdminPower(moderator);
  const reply = await findModeratedReply(db, replyId);
  await db
    .update(communityReplies)
    .set(removal(reply.hiddenAt, reason, moderator, now))
    .where(eq(communityReplies.id, replyId));
}
