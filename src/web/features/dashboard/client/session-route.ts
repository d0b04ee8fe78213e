import { paths } from '@/lib/paths';

const DETAILS_PREFIX = `${paths.dashboardSessions}/`;

/** The reading id of a details URL (`/dashboard/sessions/:id`), or null on the history list itself. */
export function sessionIdFromPath(pathname: string): string | null {
  if (!pathname.startsWith(DETAILS_PREFIX)) return null;
  const segment = pathname.slice(DETAILS_PREFIX.length).split('/')[0];
  if (!segment) return null;
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}
