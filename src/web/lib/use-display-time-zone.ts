import { useIsHydrating } from './hydrating-context';
import { viewerTimeZone } from './usual-availability';

/** What dates and times are written in: the viewer's, or while hydrating, what the server wrote them in. */
export interface DisplayTimeZone {
  timeZone: string;
  /** undefined: the viewer's own. */
  locale: string | undefined;
  /** False while a page rendered on the server hydrates: its dates are the server's, not yet the viewer's. */
  isViewers: boolean;
}

/** The server cannot know the viewer's zone or locale (decision 063): it writes dates in these. */
const SERVER_DISPLAY: DisplayTimeZone = { timeZone: 'UTC', locale: 'en-US', isViewers: false };

/**
 * The viewer's time zone, or while a page rendered on the server hydrates, the server's (UTC,
 * en-US): the HTML was written in those, and React renders again in the viewer's just after.
 */
export function useDisplayTimeZone(): DisplayTimeZone {
  return useIsHydrating() ? SERVER_DISPLAY : { timeZone: viewerTimeZone(), locale: undefined, isViewers: true };
}
