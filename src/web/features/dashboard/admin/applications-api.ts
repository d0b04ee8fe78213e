import { adminReaderApplicationListSchema, adminReaderApplicationSchema } from '@shared/reader-applications';
import { queryOptions } from '@tanstack/react-query';
import { apiRequestParsed } from '@/lib/api';
import { adminQueryKeys } from './admin-api';

export const applicationsQueryKey = [...adminQueryKeys.all, 'applications'] as const;

/** The open applications, oldest first; refreshed each minute so new ones and their ages stay current. */
export const openApplicationsQuery = queryOptions({
  queryKey: applicationsQueryKey,
  queryFn: ({ signal }) =>
    apiRequestParsed('/api/admin/reader-applications', adminReaderApplicationListSchema, { signal }),
  refetchInterval: 60_000,
});

export function approveApplication(id: string) {
  return apiRequestParsed(
    `/api/admin/reader-applications/${encodeURIComponent(id)}/approve`,
    adminReaderApplicationSchema,
    { method: 'POST', body: {} },
  );
}

export function rejectApplication(id: string, reason: string) {
  return apiRequestParsed(
    `/api/admin/reader-applications/${encodeURIComponent(id)}/reject`,
    adminReaderApplicationSchema,
    { method: 'POST', body: { reason } },
  );
}
