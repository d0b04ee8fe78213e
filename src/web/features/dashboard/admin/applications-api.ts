import { readerApplicationsApi } from '@shared/api/reader-applications';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { adminQueryKeys } from './admin-api';

export const applicationsQueryKey = [...adminQueryKeys.all, 'applications'] as const;

/** The open applications, oldest first; refreshed each minute so new ones and their ages stay current. */
export const openApplicationsQuery = queryOptions({
  queryKey: applicationsQueryKey,
  queryFn: ({ signal }) => callApi(readerApplicationsApi.open, {}, { signal }),
  refetchInterval: 60_000,
});

export function approveApplication(id: string) {
  return callApi(readerApplicationsApi.approve, { params: { id } });
}

export function rejectApplication(id: string, reason: string) {
  return callApi(readerApplicationsApi.reject, { params: { id }, body: { reason } });
}
