import { type CommunityPost, type CommunityReply, type Moderation, POST_EDIT_WINDOW_MS } from '@shared/community';
import { eq, sql } from 'drizzle-orm';
import { communityPosts, communityReplies, readerProfiles, user } from '../../db/schema';
import { firstNameOf, readerFullName } from '../readers';
import { type ForumViewer, seesHidden } from './viewer';

/**
 * The columns of a post or reply's author: a reader under their professional name, anyone else
 * as first name and last initial (the forum is public; full names stay private).
 */
export const authorColumns = {
  authorName: user.name,
  authorImage: sql<string | null>`coalesce(${readerProfiles.profileImage}, ${user.image})`,
  readerName: sql<string | null>`${readerFullName}`,
};
export const authorJoin = { user: eq(user.id, communityPosts.authorId), reader: eq(readerProfiles.userId, user.id) };
export const replyAuthorJoin = {
  user: eq(user.id, communityReplies.authorId),
  reader: eq(readerProfiles.userId, user.id),
};

interface AuthorRow {
  authorName: string;
  authorImage: string | null;
  readerName: string | null;
}

export function forumName(name: string, readerName: string | null): string {
  if (readerName) return readerName;
  const parts = name.trim().split(/\s+/);
  const first = firstNameOf(name) ?? 'Member';
  const lastInitial = parts.length > 1 ? ` ${parts.at(-1)!.charAt(0).toUpperCase()}.` : '';
  return `${first}${lastInitial}`;
}

const toAuthor = (authorId: string, row: AuthorRow) => ({
  id: authorId,
  name: forumName(row.authorName, row.readerName),
  image: row.authorImage,
  isReader: row.readerName !== null,
});

export type PostRow = typeof communityPosts.$inferSelect & AuthorRow & { viewerLiked: boolean };

type Moderated = Pick<PostRow, 'authorId' | 'hiddenAt' | 'removedAt' | 'moderationReason'>;

/** A take-down and its reason, told to the author and to admins only. */
function moderationOf(row: Moderated, viewer: ForumViewer): Moderation {
  if (!row.hiddenAt || (viewer?.id !== row.authorId && !seesHidden(viewer))) return null;
  return { action: row.removedAt ? 'removed' : 'hidden', reason: row.moderationReason };
}

export function toPost(row: PostRow, viewer: ForumViewer, now: Date): CommunityPost {
  const isAuthor = viewer?.id === row.authorId;
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    category: row.category,
    tags: row.tags,
    author: toAuthor(row.authorId, row),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    replyCount: row.replyCount,
    viewCount: row.viewCount,
    likeCount: row.likeCount,
    isPinned: row.isPinned,
    isFeatured: row.isFeatured,
    isHidden: row.hiddenAt !== null,
    moderation: moderationOf(row, viewer),
    viewerLiked: row.viewerLiked,
    viewerCanEdit: isAuthor && now.getTime() - row.createdAt.getTime() < POST_EDIT_WINDOW_MS,
  };
}

export type ReplyRow = typeof communityReplies.$inferSelect & AuthorRow;

export const toReply = (row: ReplyRow, viewer: ForumViewer): CommunityReply => ({
  id: row.id,
  postId: row.postId,
  content: row.content,
  author: toAuthor(row.authorId, row),
  createdAt: row.createdAt.toISOString(),
  isHidden: row.hiddenAt !== null,
  moderation: moderationOf(row, viewer),
});
