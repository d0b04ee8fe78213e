import { readersApi } from '@shared/api/readers';
import { sessionsApi } from '@shared/api/sessions';
import { rateChangedDetailsSchema, type SessionRequestInput } from '@shared/sessions';
import { queryOptions } from '@tanstack/react-query';
import { ApiError } from '@/lib/api';
import { callApi } from '@/lib/api-client';
import { retryWhileDraining } from '@/lib/retry-while-draining';

export const sessionKeys = {
  all: ['sessions'] as const,
  detail: (sessionId: string) => ['sessions', 'detail', sessionId] as const,
  messages: (sessionId: string) => ['sessions', 'messages', sessionId] as const,
  rtcConfig: ['sessions', 'rtc-config'] as const,
  reader: (readerId: string) => ['sessions', 'reader', readerId] as const,
};

/** A missing or forbidden session will not appear by asking again. */
const retryUnlessRefused = (failureCount: number, error: unknown) =>
  failureCount < 1 && !(error instanceof ApiError && (error.status === 403 || error.status === 404));

export const sessionQuery = (sessionId: string) =>
  queryOptions({
    queryKey: sessionKeys.detail(sessionId),
    queryFn: ({ signal }) => callApi(sessionsApi.get, { params: { id: sessionId } }, { signal }),
    // A reading changes by the second; the page keeps its own copy fresh from socket events.
    staleTime: 0,
    retry: retryUnlessRefused,
  });

export const sessionMessagesQuery = (sessionId: string) =>
  queryOptions({
    queryKey: sessionKeys.messages(sessionId),
    queryFn: ({ signal }) => callApi(sessionsApi.messages, { params: { id: sessionId } }, { signal }),
    select: (data) => data.messages,
    staleTime: 0,
  });

export const rtcConfigQuery = queryOptions({
  queryKey: sessionKeys.rtcConfig,
  queryFn: ({ signal }) => callApi(sessionsApi.rtcConfig, {}, { signal }),
});

export const readerQuery = (readerId: string) =>
  queryOptions({
    queryKey: sessionKeys.reader(readerId),
    queryFn: ({ signal }) => callApi(readersApi.byId, { params: { id: readerId } }, { signal }),
    // The rate shown before confirming must be the current one.
    staleTime: 0,
    retry: retryUnlessRefused,
  });

/** The user's latest sessions, newest first: used to find a request or reading still open. */
export const recentSessionsQuery = queryOptions({
  queryKey: [...sessionKeys.all, 'recent'],
  queryFn: ({ signal }) => callApi(sessionsApi.history, { query: { limit: 5, offset: 0 } }, { signal }),
  staleTime: 0,
});

export function requestSession(input: SessionRequestInput) {
  return retryWhileDraining(() => callApi(sessionsApi.request, { body: input }));
}

/** The current rate carried by a 409 'The reader's rate has changed', or null for any other error. */
export function changedRateCents(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const parsed = rateChangedDetailsSchema.safeParse(error.details);
  return parsed.success ? parsed.data.ratePerMinuteCents : null;
}

export function respondToSession(sessionId: string, response: 'accept' | 'decline') {
  return callApi(sessionsApi.respond, { body: { sessionId, response } });
}

export function startSession(sessionId: string) {
  return callApi(sessionsApi.start, { body: { sessionId } });
}

export function endSession(sessionId: string, refundRequested?: boolean) {
  return callApi(sessionsApi.end, { body: { sessionId, ...(refundRequested && { refundRequested }) } });
}

/** Presses Extend on a booked reading, confirming the rate its button showed. */
export function extendReading(sessionId: string, ratePerMinuteCents: number) {
  return callApi(sessionsApi.extend, { params: { id: sessionId }, body: { ratePerMinuteCents } });
}

export function rateSession(sessionId: string, input: { rating: number; review?: string }) {
  return callApi(sessionsApi.rate, { params: { id: sessionId }, body: input });
}

/** A reading's receipt: each billed minute as the ledger charged it. A past reading's minutes no longer change. */
export const sessionReceiptQuery = (sessionId: string) =>
  queryOptions({
    queryKey: ['sessions', 'receipt', sessionId],
    queryFn: ({ signal }) => callApi(sessionsApi.receipt, { params: { id: sessionId } }, { signal }),
  });
