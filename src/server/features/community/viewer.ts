import type { SessionUser } from '../auth/require-user';

/** Who is reading the forum: what they may see (hidden content) and do (edit) depends on it. */
export type ForumViewer = Pick<SessionUser, 'id' | 'role'> | null;

export const isAdmin = (viewer: ForumViewer) => viewer?.role === 'admin';
