import { eq, isNull, or, type SQL } from 'drizzle-orm';
import { communityPosts } from '../../db/schema';
import { type ForumViewer, seesHidden } from './viewer';

/**
 * Posts the viewer may see: every visible one, their own hidden or removed ones, and for an admin
 * every one not removed (removing is for good; a removed post is hidden too).
 */
export function visiblePosts(viewer: ForumViewer): SQL | undefined {
  if (seesHidden(viewer)) return isNull(communityPosts.removedAt);
  return viewer
    ? or(isNull(communityPosts.hiddenAt), eq(communityPosts.authorId, viewer.id))
    : isNull(communityPosts.hiddenAt);
}
