import { randomUUID } from 'node:crypto';
import { type CommunityPost, type createPostSchema, POST_EDIT_WINDOW_MS } from '@shared/community';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { communityPosts } from '../../db/schema';
import { forbidden } from '../../errors';
import { findPost } from './get-thread';
import { toPost } from './to-post';
import type { ForumViewer } from './viewer';

type PostInput = z.output<typeof createPostSchema>;
type Author = NonNullable<ForumViewer>;

export async function createPost(db: Db, author: Author, input: PostInput, now: Date): Promise<CommunityPost> {
  const id = randomUUID();
  await db.insert(communityPosts).values({ id, authorId: author.id, ...input, createdAt: now, updatedAt: now });
  return toPost(await findPost(db, id, author), author, now);
}

/**
 * Its author, within 24 hours of posting; anyone else 403, admins too: a moderator hides or
 * removes someone else's post with a reason (moderate.ts), and never rewrites or erases it.
 */
async function ownPost(db: Db, postId: string, viewer: Author, now: Date) {
  const post = await findPost(db, postId, viewer);
  if (post.authorId !== viewer.id) throw forbidden('Only its author can change this discussion');
  if (now.getTime() - post.createdAt.getTime() >= POST_EDIT_WINDOW_MS)
    throw forbidden('A discussion can be edited or deleted only within 24 hours of posting');
  return post;
}

export async function updatePost(
  db: Db,
  postId: string,
  viewer: Author,
  input: PostInput,
  now: Date,
): Promise<CommunityPost> {
  await ownPost(db, postId, viewer, now);
  await db
    .update(communityPosts)
    .set({ ...input, updatedAt: now })
    .where(eq(communityPosts.id, postId));
  return toPost(await findPost(db, postId, viewer), viewer, now);
}

export async function deletePost(db: Db, postId: string, viewer: Author, now: Date): Promise<void> {
  await ownPost(db, postId, viewer, now);
  await db.delete(communityPosts).where(eq(communityPosts.id, postId));
}
