import type { postListQuerySchema } from '@shared/community';
import { COMMUNITY_CATEGORY_NAMES, COMMUNITY_PAGE_SIZE, type PostList } from '@shared/community';
import { and, count, desc, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { communityLikes, communityPosts, readerProfiles, user } from '../../db/schema';
import { authorColumns, toPost } from './to-post';
import type { ForumViewer } from './viewer';
import { visiblePosts } from './visible';

type PostListQuery = z.output<typeof postListQuerySchema>;

/** `ilike` treats % and _ as wildcards: a search for '100%' means the characters. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const viewerLikedColumn = (viewer: ForumViewer) =>
  viewer
    ? sql<boolean>`exists (select 1 from ${communityLikes} where ${communityLikes.postId} = ${communityPosts.id} and ${communityLikes.userId} = ${viewer.id})`
    : sql<boolean>`false`;

/** The Discussions tab: search (title, content, a tag) within a category, pinned then featured first, newest first. */
export async function listPosts(db: DbOrTx, query: PostListQuery, viewer: ForumViewer, now: Date): Promise<PostList> {
  const search = query.search?.trim();
  const where = and(
    visiblePosts(viewer),
    query.category ? eq(communityPosts.category, query.category) : undefined,
    search
      ? or(
          ilike(communityPosts.title, likePattern(search)),
          ilike(communityPosts.content, likePattern(search)),
          sql`${search.toLowerCase()} = any(${communityPosts.tags})`,
        )
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ post: communityPosts, ...authorColumns, viewerLiked: viewerLikedColumn(viewer) })
      .from(communityPosts)
      .innerJoin(user, eq(user.id, communityPosts.authorId))
      .leftJoin(readerProfiles, eq(readerProfiles.userId, user.id))
      .where(where)
      .orderBy(
        desc(communityPosts.isPinned),
        desc(communityPosts.isFeatured),
        desc(communityPosts.createdAt),
        desc(communityPosts.id),
      )
      .limit(COMMUNITY_PAGE_SIZE)
      .offset((query.page - 1) * COMMUNITY_PAGE_SIZE),
    db.select({ count: count() }).from(communityPosts).where(where),
  ]);
  return {
    posts: rows.map(({ post, ...rest }) => toPost({ ...post, ...rest }, viewer, now)),
    total: total?.count ?? 0,
  };
}

/** The Categories tab: each of the six with its number of visible posts. */
export async function categoryCounts(db: DbOrTx) {
  const rows = await db
    .select({ category: communityPosts.category, count: count() })
    .from(communityPosts)
    .where(isNull(communityPosts.hiddenAt))
    .groupBy(communityPosts.category);
  const counts = new Map(rows.map((r) => [r.category, r.count]));
  return { categories: COMMUNITY_CATEGORY_NAMES.map((name) => ({ name, postCount: counts.get(name) ?? 0 })) };
}
