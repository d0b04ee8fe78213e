import type {
  AnswerWrittenReadingInput,
  AskWrittenReadingInput,
  RateWrittenReadingInput,
  SentWrittenReading,
  WrittenReadingList,
  WrittenReadingOnTime,
} from '@shared/written-readings';
import { queryOptions } from '@tanstack/react-query';
import { apiRequestTyped } from '@/lib/api';

export const writtenReadingKeys = {
  all: ['written-readings'] as const,
  mine: ['written-readings', 'mine'] as const,
  onTime: (readerId: string) => ['written-readings', 'on-time', readerId] as const,
};

/** The signed-in user's threads, as client and as reader, newest first. */
export const myWrittenReadingsQuery = queryOptions({
  queryKey: writtenReadingKeys.mine,
  queryFn: ({ signal }) => apiRequestTyped<WrittenReadingList>('/api/written-readings', { signal }),
});

export const onTimeQuery = (readerId: string) =>
  queryOptions({
    queryKey: writtenReadingKeys.onTime(readerId),
    queryFn: ({ signal }) =>
      apiRequestTyped<WrittenReadingOnTime>(`/api/readers/${encodeURIComponent(readerId)}/written-readings/on-time`, {
        signal,
      }),
  });

/** The key makes a retry of the same question (no answer came back) hold the price once (decision 047). */
export const askWrittenReading = (input: AskWrittenReadingInput, idempotencyKey: string) =>
  apiRequestTyped<SentWrittenReading>('/api/written-readings', {
    method: 'POST',
    body: input,
    headers: { 'Idempotency-Key': idempotencyKey },
  });

export const answerWrittenReading = ({ id, ...input }: AnswerWrittenReadingInput & { id: string }) =>
  apiRequestTyped<SentWrittenReading>(`/api/written-readings/${encodeURIComponent(id)}/answer`, {
    method: 'POST',
    body: input,
  });

export const rateWrittenReading = ({ id, ...input }: RateWrittenReadingInput & { id: string }) =>
  apiRequestTyped<SentWrittenReading>(`/api/written-readings/${encodeURIComponent(id)}/rate`, {
    method: 'POST',
    body: input,
  });
