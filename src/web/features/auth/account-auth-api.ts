import type { RequestPasswordResetInput, ResetPasswordInput } from '@shared/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { afterPasswordStep, refreshProfile } from '@/lib/auth';

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (input: RequestPasswordResetInput) =>
      apiRequest('/api/auth/request-password-reset', { method: 'POST', body: input }),
  });
}

/** A reset signs the person in, or (two-factor on) asks for their code next, as a sign-in does. */
export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ResetPasswordInput) =>
      afterPasswordStep(queryClient, await apiRequest('/api/auth/reset-password', { method: 'POST', body: input })),
  });
}

export type SecondFactor = 'totp' | 'backup-code';

/** The sign-in's second step: the two_factor cookie from the password step says whose code it is. */
export function useVerifySecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ method, code }: { method: SecondFactor; code: string }) => {
      await apiRequest(`/api/auth/two-factor/${method === 'totp' ? 'verify-totp' : 'verify-backup-code'}`, {
        method: 'POST',
        body: { code },
      });
      return refreshProfile(queryClient);
    },
  });
}
