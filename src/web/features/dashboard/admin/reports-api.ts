import { openReportListSchema, type ReportDecision, reportDecisionResultSchema } from '@shared/reports';
import { queryOptions } from '@tanstack/react-query';
import { apiRequestParsed } from '@/lib/api';
import { adminQueryKeys } from './admin-api';

export const reportsQueryKey = [...adminQueryKeys.all, 'reports'] as const;

/** The open reports, oldest first; refreshed each minute so new reports and their ages stay current. */
export const openReportsQuery = queryOptions({
  queryKey: reportsQueryKey,
  queryFn: ({ signal }) => apiRequestParsed('/api/admin/reports', openReportListSchema, { signal }),
  refetchInterval: 60_000,
});

export function decideReport(reportId: string, decision: ReportDecision) {
  return apiRequestParsed(`/api/admin/reports/${encodeURIComponent(reportId)}/decision`, reportDecisionResultSchema, {
    method: 'POST',
    body: { decision },
  });
}
