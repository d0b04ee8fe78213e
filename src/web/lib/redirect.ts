import { paths } from './paths';

/**
 * Returns the in-app path to go to after sign-in. Only same-site absolute paths are accepted,
 * so a crafted link cannot bounce a freshly signed-in user to another site.
 */
export function safeRedirectPath(candidate: string | null | undefined, fallback: string = paths.dashboard): string {
  if (!candidate) return fallback;
  if (!candidate.startsWith('/') || candidate.startsWith('//') || candidate.startsWith('/\\')) return fallback;
  if (candidate === paths.login || candidate === paths.signup) return fallback;
  if (candidate.startsWith(`${paths.login}?`) || candidate.startsWith(`${paths.signup}?`)) return fallback;
  return candidate;
}
