import type { AdminReadersQuery, AdminSessionsQuery, AdminUsersQuery, UpdateReaderInput } from '@shared/admin';
import { adminApi } from '@shared/api/admin';
import type { CreateReaderInput } from '@shared/readers';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

export const adminQueryKeys = {
  all: ['dashboard', 'admin'] as const,
  readers: ['dashboard', 'admin', 'readers'] as const,
  stats: ['dashboard', 'admin', 'stats'] as const,
  users: ['dashboard', 'admin', 'users'] as const,
  sessions: ['dashboard', 'admin', 'sessions'] as const,
  analytics: ['dashboard', 'admin', 'analytics'] as const,
};

/** A page of readers, newest first, as the server orders them. */
export function adminReadersQuery(params: AdminReadersQuery) {
  return queryOptions({
    queryKey: [...adminQueryKeys.readers, params],
    queryFn: ({ signal }) => callApi(adminApi.readers, { query: params }, { signal }),
  });
}

export function createReader(input: CreateReaderInput) {
  return callApi(adminApi.createReader, { body: input });
}

export function updateReader(readerId: string, input: UpdateReaderInput) {
  return callApi(adminApi.updateReader, { params: { id: readerId }, body: input });
}

export function deactivateReader(readerId: string) {
  return callApi(adminApi.deactivateReader, { params: { id: readerId } });
}

export function reactivateReader(readerId: string) {
  return callApi(adminApi.reactivateReader, { params: { id: readerId } });
}

export const adminAnalyticsQuery = queryOptions({
  queryKey: adminQueryKeys.analytics,
  queryFn: ({ signal }) => callApi(adminApi.analytics, {}, { signal }),
});

export const adminStatsQuery = queryOptions({
  queryKey: adminQueryKeys.stats,
  queryFn: ({ signal }) => callApi(adminApi.stats, {}, { signal }),
});

export function adminUsersQuery(params: AdminUsersQuery) {
  return queryOptions({
    queryKey: [...adminQueryKeys.users, params],
    queryFn: ({ signal }) => callApi(adminApi.users, { query: params }, { signal }),
  });
}

export function suspendUser(userId: string) {
  return callApi(adminApi.suspendUser, { params: { id: userId } });
}

export function restoreUser(userId: string) {
  return callApi(adminApi.restoreUser, { params: { id: userId } });
}

export function adminSessionsQuery(params: AdminSessionsQuery) {
  return queryOptions({
    queryKey: [...adminQueryKeys.sessions, params],
    queryFn: ({ signal }) => callApi(adminApi.sessions, { query: params }, { signal }),
  });
}

export function endSessionAsAdmin(sessionId: string) {
  return callApi(adminApi.endSession, { params: { id: sessionId } });
}
