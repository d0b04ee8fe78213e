import { eq, isNull, or, type SQL } from 'drizzle-orm';
import { communityPosts } from '../../db/schema';
import { type ForumViewer, isAdmin } from './viewer';

/** Posts the viewer may see: every visible one, their own hidden ones, and all of them for an admin. */
export function visiblePosts(viewer: ForumViewer): SQL | undefined {
  if (isAdmin(viewer)) return undefined;
  return viewer ? or(isNull(communityPosts.hiddenAt), eq(communityPosts.authorId, viewer.id)) : isNull(communityPosts.hiddenAt);
}
