import { retentionPolicySchema } from '@shared/sessions';
import { queryOptions } from '@tanstack/react-query';
import { apiRequestParsed } from '@/lib/api';

/** How many days chat messages are kept: the server's RETENTION_DAYS, so the policy states what the sweep does. */
export const messageRetentionQuery = queryOptions({
  queryKey: ['policies', 'message-retention'],
  queryFn: ({ signal }) => apiRequestParsed('/api/sessions/message-retention', retentionPolicySchema, { signal }),
  staleTime: Number.POSITIVE_INFINITY,
});
