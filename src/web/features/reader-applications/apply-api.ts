import { readerApplicationsApi } from '@shared/api/reader-applications';
import type { ReaderApplicationInput } from '@shared/reader-applications';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

export function submitApplication(input: ReaderApplicationInput) {
  return callApi(readerApplicationsApi.submit, { body: input });
}

/** The applicant's status by the token of their mailed link. */
export const applicationStatusQuery = (token: string) =>
  queryOptions({
    queryKey: ['reader-applications', 'status', token],
    queryFn: ({ signal }) => callApi(readerApplicationsApi.status, { query: { token } }, { signal }),
    retry: false,
  });
