import type { Profile, SignInInput } from '@shared/auth';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, unexpectedResponseError } from './api';
import { isProfile } from './profile-guard';

/** The profile query is the web app's single source of auth state: null means signed out. */
export const profileQueryKey = ['profile'] as const;

/** The server answers `null` to a visitor, so a signed-out page makes no failed request. */
export async function fetchProfile(signal?: AbortSignal): Promise<Profile | null> {
  const data = await apiRequest('/api/auth/profile', { signal });
  if (data === null) return null;
  if (!isProfile(data)) throw unexpectedResponseError();
  return data;
}

export const profileQueryOptions = queryOptions({
  queryKey: profileQueryKey,
  queryFn: ({ signal }) => fetchProfile(signal),
});

export function useProfile() {
  return useQuery(profileQueryOptions);
}

/** Re-reads the profile after the session cookie changed, so every screen sees the new user. */
export async function refreshProfile(queryClient: QueryClient): Promise<Profile | null> {
  const profile = await fetchProfile();
  queryClient.setQueryData(profileQueryKey, profile);
  return profile;
}

/** A password sign-in either signs in, or (two-factor on) asks for the authenticator's code next. */
export type SignInResult = { isTwoFactorRequired: true } | { isTwoFactorRequired: false; profile: Profile | null };

/**
 * Better Auth answers the password step of an account with two-factor on with `twoFactorRedirect`
 * and no session yet; the code goes to /api/auth/two-factor/verify-totp (or verify-backup-code).
 */
export async function afterPasswordStep(queryClient: QueryClient, answer: unknown): Promise<SignInResult> {
  const isTwoFactorRequired =
    typeof answer === 'object' && answer !== null && 'twoFactorRedirect' in answer && answer.twoFactorRedirect === true;
  if (isTwoFactorRequired) return { isTwoFactorRequired };
  return { isTwoFactorRequired, profile: await refreshProfile(queryClient) };
}

export async function signIn(queryClient: QueryClient, input: SignInInput): Promise<SignInResult> {
  const answer = await apiRequest('/api/auth/sign-in/email', {
    method: 'POST',
    body: { email: input.email, password: input.password },
  });
  return afterPasswordStep(queryClient, answer);
}

/** Forgets everything cached for the previous user, keeping the profile entry as signed out. */
export function clearUserData(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== profileQueryKey[0] });
  queryClient.setQueryData(profileQueryKey, null);
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (input: SignInInput) => signIn(queryClient, input) });
}
