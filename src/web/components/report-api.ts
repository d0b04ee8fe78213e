import { reportsApi } from '@shared/api/reports';
import type { CreateReportInput } from '@shared/reports';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

export const REPORT_THANKS = 'Thanks — our team reviews reports within 24 hours.';

/** POST /api/reports: 201 once; the same user's second open report of the same content is a 409. */
export function useCreateReport() {
  return useMutation({ mutationFn: (input: CreateReportInput) => callApi(reportsApi.create, { body: input }) });
}
