import { reportsApi } from '@shared/api/reports';
import type { ReportDecision } from '@shared/reports';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { adminQueryKeys } from './admin-api';

export const reportsQueryKey = [...adminQueryKeys.all, 'reports'] as const;

/** The open reports, oldest first; refreshed each minute so new reports and their ages stay current. */
export const openReportsQuery = queryOptions({
  queryKey: reportsQueryKey,
  queryFn: ({ signal }) => callApi(reportsApi.open, {}, { signal }),
  refetchInterval: 60_000,
});

export function decideReport(reportId: string, decision: ReportDecision) {
  return callApi(reportsApi.decide, { params: { id: reportId }, body: { decision } });
}
