import type { RequestPasswordResetInput, ResetPasswordInput } from '@shared/account';
import { authApi } from '@shared/api/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { afterPasswordStep, refreshProfile } from '@/lib/auth';

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (input: RequestPasswordResetInput) => callApi(authApi.requestPasswordReset, { body: input }),
  });
}

/** A reset signs the person in, or (two-factor on) asks for their code next, as a sign-in does. */
export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ResetPasswordInput) =>
      afterPasswordStep(queryClient, await callApi(authApi.resetPassword, { body: input })),
  });
}

export type SecondFactor = 'totp' | 'backup-code';

/** The sign-in's second step: the two_factor cookie from the password step says whose code it is. */
export function useVerifySecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ method, code }: { method: SecondFactor; code: string }) => {
      await (method === 'totp'
        ? callApi(authApi.verifyTotp, { body: { code } })
        : callApi(authApi.verifyBackupCode, { body: { code } }));
      return refreshProfile(queryClient);
    },
  });
}
