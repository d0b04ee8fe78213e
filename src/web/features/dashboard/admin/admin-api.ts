import {
  type AdminReadersQuery,
  type AdminSessionsQuery,
  type AdminUsersQuery,
  adminAnalyticsSchema,
  adminReaderSchema,
  adminReadersPageSchema,
  adminSessionsPageSchema,
  adminStatsSchema,
  adminUserSchema,
  adminUsersPageSchema,
  type UpdateReaderInput,
} from '@shared/admin';
import type { CreateReaderInput } from '@shared/readers';
import { sessionSchema } from '@shared/sessions';
import { queryOptions } from '@tanstack/react-query';
import { apiRequestParsed } from '@/lib/api';

export const adminQueryKeys = {
  all: ['dashboard', 'admin'] as const,
  readers: ['dashboard', 'admin', 'readers'] as const,
  stats: ['dashboard', 'admin', 'stats'] as const,
  users: ['dashboard', 'admin', 'users'] as const,
  sessions: ['dashboard', 'admin', 'sessions'] as const,
  analytics: ['dashboard', 'admin', 'analytics'] as const,
};

/** Leaves out empty values, so the server applies its own defaults. */
function queryString(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (value !== undefined && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** A page of readers, newest first, as the server orders them. */
export function adminReadersQuery(params: AdminReadersQuery) {
  return queryOptions({
    queryKey: [...adminQueryKeys.readers, params],
    queryFn: ({ signal }) =>
      apiRequestParsed(`/api/admin/readers${queryString(params)}`, adminReadersPageSchema, { signal }),
  });
}

export function createReader(input: CreateReaderInput) {
  return apiRequestParsed('/api/admin/readers', adminReaderSchema, { method: 'POST', body: input });
}

const readerPath = (readerId: string) => `/api/admin/readers/${encodeURIComponent(readerId)}`;

export function updateReader(readerId: string, input: UpdateReaderInput) {
  return apiRequestParsed(readerPath(readerId), adminReaderSchema, { method: 'PATCH', body: input });
}

export function deactivateReader(readerId: string) {
  return apiRequestParsed(`${readerPath(readerId)}/deactivate`, adminReaderSchema, { method: 'POST' });
}

export function reactivateReader(readerId: string) {
  return apiRequestParsed(`${readerPath(readerId)}/reactivate`, adminReaderSchema, { method: 'POST' });
}

export const adminAnalyticsQuery = queryOptions({
  queryKey: adminQueryKeys.analytics,
  queryFn: ({ signal }) => apiRequestParsed('/api/admin/analytics', adminAnalyticsSchema, { signal }),
});

export const adminStatsQuery = queryOptions({
  queryKey: adminQueryKeys.stats,
  queryFn: ({ signal }) => apiRequestParsed('/api/admin/stats', adminStatsSchema, { signal }),
});

export function adminUsersQuery(params: AdminUsersQuery) {
  return queryOptions({
    queryKey: [...adminQueryKeys.users, params],
    queryFn: ({ signal }) =>
      apiRequestParsed(`/api/admin/users${queryString(params)}`, adminUsersPageSchema, { signal }),
  });
}

export function suspendUser(userId: string) {
  return apiRequestParsed(`/api/admin/users/${encodeURIComponent(userId)}/suspend`, adminUserSchema, {
    method: 'POST',
  });
}

export function restoreUser(userId: string) {
  return apiRequestParsed(`/api/admin/users/${encodeURIComponent(userId)}/restore`, adminUserSchema, {
    method: 'POST',
  });
}

export function adminSessionsQuery(params: AdminSessionsQuery) {
  return queryOptions({
    queryKey: [...adminQueryKeys.sessions, params],
    queryFn: ({ signal }) =>
      apiRequestParsed(`/api/admin/sessions${queryString(params)}`, adminSessionsPageSchema, { signal }),
  });
}

export function endSessionAsAdmin(sessionId: string) {
  return apiRequestParsed(`/api/admin/sessions/${encodeURIComponent(sessionId)}/end`, sessionSchema, {
    method: 'POST',
  });
}
