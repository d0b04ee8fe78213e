import { authApi } from '@shared/api/auth';
import type { Profile, ResetPasswordAnswer, SignInInput } from '@shared/auth';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from './api-client';

/** The profile query is the web app's single source of auth state: null means signed out. */
export const profileQueryKey = ['profile'] as const;

/** The server answers `null` to a visitor, so a signed-out page makes no failed request. */
export function fetchProfile(signal?: AbortSignal): Promise<Profile | null> {
  return callApi(authApi.profile, {}, { signal });
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
 * and no session yet; the code goes to two-factor/verify-totp (or verify-backup-code).
 */
export async function afterPasswordStep(queryClient: QueryClient, answer: ResetPasswordAnswer): Promise<SignInResult> {
  if ('twoFactorRedirect' in answer) return { isTwoFactorRequired: true };
  return { isTwoFactorRequired: false, profile: await refreshProfile(queryClient) };
}

export async function signIn(queryClient: QueryClient, input: SignInInput): Promise<SignInResult> {
  const answer = await callApi(authApi.signIn, { body: { email: input.email, password: input.password } });
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
