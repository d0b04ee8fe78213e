import { accountStatusSchema } from '@shared/account';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { apiRequest, apiRequestParsed } from '@/lib/api';

export const accountKeys = {
  status: ['account', 'status'] as const,
  sessions: ['account', 'sessions'] as const,
};

/** Whether the email is verified and two-factor is on (or required): the banner, the admin gate, Security. */
export const accountStatusQuery = queryOptions({
  queryKey: accountKeys.status,
  queryFn: ({ signal }) => apiRequestParsed('/api/account/status', accountStatusSchema, { signal }),
});

export function useResendVerification() {
  return useMutation({ mutationFn: () => apiRequest('/api/auth/send-verification-email', { method: 'POST', body: {} }) });
}
