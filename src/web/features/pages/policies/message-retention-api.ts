import { sessionsApi } from '@shared/api/sessions';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/** How many days chat messages are kept: the server's RETENTION_DAYS, so the policy states what the sweep does. */
export const messageRetentionQuery = queryOptions({
  queryKey: ['policies', 'message-retention'],
  queryFn: ({ signal }) => callApi(sessionsApi.messageRetention, {}, { signal }),
  staleTime: Number.POSITIVE_INFINITY,
});
