import { seesAsAdmin, type SessionUser } from '../auth';

/** Who is reading the forum: what they may see (hidden content) and do (edit) depends on it. */
export type ForumViewer = Pick<SessionUser, 'id' | 'role' | 'isAdminLocked'> | null;

/** Sees hidden posts and replies: an admin through the admin gate (a locked admin sees what members see). */
export const seesHidden = (viewer: ForumViewer) => seesAsAdmin(viewer);
