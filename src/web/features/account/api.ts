import type { DeleteAccountInput, PasswordConfirmInput, TwoFactorCodeInput } from '@shared/account';
import { accountApi } from '@shared/api/account';
import { authApi } from '@shared/api/auth';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { clearUserData } from '@/lib/auth';

export const accountKeys = {
  status: ['account', 'status'] as const,
  sessions: ['account', 'sessions'] as const,
};

/** Whether the email is verified and two-factor is on (or required): the banner, the admin gate, Security. */
export const accountStatusQuery = queryOptions({
  queryKey: accountKeys.status,
  queryFn: ({ signal }) => callApi(accountApi.status, {}, { signal }),
});

export function useResendVerification() {
  return useMutation({
    mutationFn: () => callApi(authApi.sendVerificationEmail),
  });
}

/** Step one of turning two-factor on: the password gives the authenticator's secret and backup codes. */
export function useStartTwoFactor() {
  return useMutation({
    mutationFn: (input: PasswordConfirmInput) => callApi(authApi.enableTwoFactor, { body: input }),
  });
}

/** Step two: the app's first code proves it holds the secret; only then is two-factor on. */
export function useConfirmTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TwoFactorCodeInput) => callApi(authApi.verifyTotp, { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.status }),
  });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PasswordConfirmInput) => callApi(authApi.disableTwoFactor, { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.status }),
  });
}

export const accountSessionsQuery = queryOptions({
  queryKey: accountKeys.sessions,
  queryFn: ({ signal }) => callApi(accountApi.sessions, {}, { signal }),
});

export function useSignOutSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) => callApi(accountApi.signOutSession, { params: { id: sessionId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions }),
  });
}

/** Every sign-in ends, this one too: the app forgets the user as on Sign out. */
export function useSignOutEverywhere() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(accountApi.signOutEverywhere),
    onSuccess: () => clearUserData(queryClient),
  });
}

/** The account is gone, and with it this sign-in: the app forgets the user as on Sign out. */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DeleteAccountInput) => callApi(accountApi.delete, { body: input }),
    onSuccess: () => clearUserData(queryClient),
  });
}
