import {
  type AnswerWrittenReadingInput,
  type AskWrittenReadingInput,
  type RateWrittenReadingInput,
  writtenReadingListSchema,
  writtenReadingOnTimeSchema,
  writtenReadingSchema,
} from '@shared/written-readings';
import { queryOptions } from '@tanstack/react-query';
import { apiRequestParsed } from '@/lib/api';

export const writtenReadingKeys = {
  all: ['written-readings'] as const,
  mine: ['written-readings', 'mine'] as const,
  onTime: (readerId: string) => ['written-readings', 'on-time', readerId] as const,
};

/** The signed-in user's threads, as client and as reader, newest first. */
export const myWrittenReadingsQuery = queryOptions({
  queryKey: writtenReadingKeys.mine,
  queryFn: ({ signal }) => apiRequestParsed('/api/written-readings', writtenReadingListSchema, { signal }),
});

export const onTimeQuery = (readerId: string) =>
  queryOptions({
    queryKey: writtenReadingKeys.onTime(readerId),
    queryFn: ({ signal }) => apiRequestParsed(`/api/readers/${encodeURIComponent(readerId)}/written-readings/on-time`, writtenReadingOnTimeSchema, { signal }),
  });

/** The key makes a retry of the same question (no answer came back) hold the price once (decision 047). */
export const askWrittenReading = (input: AskWrittenReadingInput, idempotencyKey: string) =>
  apiRequestParsed('/api/written-readings', writtenReadingSchema, { method: 'POST', body: input, headers: { 'Idempotency-Key': idempotencyKey } });

export const answerWrittenReading = ({ id, ...input }: AnswerWrittenReadingInput & { id: string }) =>
  apiRequestParsed(`/api/written-readings/${encodeURIComponent(id)}/answer`, writtenReadingSchema, { method: 'POST', body: input });

export const rateWrittenReading = ({ id, ...input }: RateWrittenReadingInput & { id: string }) =>
  apiRequestParsed(`/api/written-readings/${encodeURIComponent(id)}/rate`, writtenReadingSchema, { method: 'POST', body: input });
