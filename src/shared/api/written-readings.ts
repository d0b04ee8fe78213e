import {
  answerWrittenReadingSchema,
  askWrittenReadingHeadersSchema,
  askWrittenReadingSchema,
  rateWrittenReadingSchema,
  sentWrittenReadingSchema,
  writtenReadingListSchema,
  writtenReadingOnTimeSchema,
  writtenReadingParamsSchema,
  writtenReadingReaderParamsSchema,
} from '../written-readings';
import { defineEndpoint } from './endpoint';

/** Paid written readings (docs/decisions/047): a question, its answer within the promised hours, its rating. */
export const writtenReadingsApi = {
  ask: defineEndpoint({
    method: 'POST',
    path: '/api/written-readings',
    access: 'signed-in',
    summary: 'Asks a reader a question, holding its price; a repeat with the same Idempotency-Key holds it once',
    tag: 'written-readings',
    body: askWrittenReadingSchema,
    headers: askWrittenReadingHeadersSchema,
    responses: { 201: sentWrittenReadingSchema },
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/api/written-readings',
    access: 'signed-in',
    summary: 'The caller’s written readings, as client and as reader, newest first',
    tag: 'written-readings',
    responses: { 200: writtenReadingListSchema },
  }),
  answer: defineEndpoint({
    method: 'POST',
    path: '/api/written-readings/:id/answer',
    access: 'signed-in',
    summary: 'The reader answers a question in time, which charges its price',
    tag: 'written-readings',
    params: writtenReadingParamsSchema,
    body: answerWrittenReadingSchema,
    responses: { 200: sentWrittenReadingSchema },
  }),
  rate: defineEndpoint({
    method: 'POST',
    path: '/api/written-readings/:id/rate',
    access: 'signed-in',
    summary: 'The client rates an answer, with an optional review',
    tag: 'written-readings',
    params: writtenReadingParamsSchema,
    body: rateWrittenReadingSchema,
    responses: { 200: sentWrittenReadingSchema },
  }),
  onTime: defineEndpoint({
    method: 'GET',
    path: '/api/readers/:id/written-readings/on-time',
    access: 'public',
    summary: 'How often a reader answered written questions in time',
    tag: 'written-readings',
    params: writtenReadingReaderParamsSchema,
    responses: { 200: writtenReadingOnTimeSchema },
  }),
};
