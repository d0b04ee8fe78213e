import { writtenReadingsApi } from '@shared/api/written-readings';
import type {
  AnswerWrittenReadingInput,
  AskWrittenReadingInput,
  RateWrittenReadingInput,
} from '@shared/written-readings';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

export const writtenReadingKeys = {
  all: ['written-readings'] as const,
  mine: ['written-readings', 'mine'] as const,
  onTime: (readerId: string) => ['written-readings', 'on-time', readerId] as const,
};

/** The signed-in user's threads, as client and as reader, newest first. */
export const myWrittenReadingsQuery = queryOptions({
  queryKey: writtenReadingKeys.mine,
  queryFn: ({ signal }) => callApi(writtenReadingsApi.list, {}, { signal }),
});

export const onTimeQuery = (readerId: string) =>
  queryOptions({
    queryKey: writtenReadingKeys.onTime(readerId),
    queryFn: ({ signal }) => callApi(writtenReadingsApi.onTime, { params: { id: readerId } }, { signal }),
  });

/** The key makes a retry of the same question (no answer came back) hold the price once (decision 047). */
export const askWrittenReading = (input: AskWrittenReadingInput, idempotencyKey: string) =>
  callApi(writtenReadingsApi.ask, { body: input, headers: { 'idempotency-key': idempotencyKey } });

export const answerWrittenReading = ({ id, ...input }: AnswerWrittenReadingInput & { id: string }) =>
  callApi(writtenReadingsApi.answer, { params: { id }, body: input });

export const rateWrittenReading = ({ id, ...input }: RateWrittenReadingInput & { id: string }) =>
  callApi(writtenReadingsApi.rate, { params: { id }, body: input });
