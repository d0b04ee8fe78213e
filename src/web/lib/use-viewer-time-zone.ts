import { useSyncExternalStore } from 'react';
import { viewerTimeZone } from './usual-availability';

const neverChanges = () => () => {};

/**
 * The viewer's time zone, or null while a page rendered on the server (issue 46) hydrates: the
 * server cannot know it, so it rendered without it, and React renders again with it just after.
 */
export function useViewerTimeZone(): string | null {
  return useSyncExternalStore(neverChanges, viewerTimeZone, () => null);
}
