import {
  applicationStatusSchema,
  type ReaderApplicationInput,
  submittedApplicationSchema,
} from '@shared/reader-applications';
import { queryOptions } from '@tanstack/react-query';
import { apiRequestParsed } from '@/lib/api';

export function submitApplication(input: ReaderApplicationInput) {
  return apiRequestParsed('/api/reader-applications', submittedApplicationSchema, { method: 'POST', body: input });
}

/** The applicant's status by the token of their mailed link. */
export const applicationStatusQuery = (token: string) =>
  queryOptions({
    queryKey: ['reader-applications', 'status', token],
    queryFn: ({ signal }) =>
      apiRequestParsed(`/api/reader-applications/status?token=${encodeURIComponent(token)}`, applicationStatusSchema, {
        signal,
      }),
    retry: false,
  });
