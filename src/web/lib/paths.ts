import type { SessionType } from '@shared/constants';
import { paths } from '@shared/paths';

export { paths, readerProfilePath } from '@shared/paths';

export function readingPath(sessionId: string): string {
  return `/reading/${encodeURIComponent(sessionId)}`;
}

/** A past reading's receipt inside a dashboard: the client's Session History, the reader's Sessions. */
export function sessionDetailsPath(sessionId: string): string {
  return `/dashboard/sessions/${encodeURIComponent(sessionId)}`;
}

/** Where a client confirms the rate and asks a reader for a reading of one type. */
export function sessionRequestPath(readerId: string, type: SessionType): string {
  return `/session/${encodeURIComponent(readerId)}?type=${type}`;
}

export function liveStreamPath(streamId: string): string {
  return `/live/${encodeURIComponent(streamId)}`;
}

export const policyTabs = ['terms', 'privacy', 'guidelines'] as const;
export type PolicyTab = (typeof policyTabs)[number];

export function policiesPath(tab: PolicyTab): string {
  return `${paths.policies}?tab=${tab}`;
}

/** The query parameter that carries the page a signed-out visitor asked for through sign-in. */
export const REDIRECT_PARAM = 'redirect';

export function loginPath(redirectTo?: string): string {
  if (!redirectTo) return paths.login;
  return `${paths.login}?${new URLSearchParams({ [REDIRECT_PARAM]: redirectTo })}`;
}

export const publicNavLinks = [
  { to: paths.home, label: 'Home' },
  { to: paths.readers, label: 'Readers' },
  { to: paths.live, label: 'Live' },
  { to: paths.shop, label: 'Shop' },
  { to: paths.community, label: 'Community' },
  { to: paths.about, label: 'About' },
] as const;
