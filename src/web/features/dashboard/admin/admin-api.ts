import {
  type AdminSessionsQuery,
  type AdminUsersQuery,
  adminSessionsPageSchema,
  adminStatsSchema,
  adminUserSchema,
  adminUsersPageSchema,
} from '@shared/admin';
import { type CreateReaderInput, readerListSchema, readerSchema } from '@shared/readers';
import { sessionSchema } from '@shared/sessions';
import { queryOptions } from '@tanstack/react-query';
import { apiRequestParsed } from '@/lib/api';

export const adminQueryKeys = {
  all: ['dashboard', 'admin'] as const,
  readers: ['dashboard', 'admin', 'readers'] as const,
  stats: ['dashboard', 'admin', 'stats'] as const,
  users: ['dashboard', 'admin', 'users'] as const,
  sessions: ['dashboard', 'admin', 'sessions'] as const,
};

/** Leaves out empty values, so the server applies its own defaults. */
function queryString(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** Every reader, newest first, as the server orders them. */
export const adminReadersQuery = queryOptions({
  queryKey: adminQueryKeys.readers,
  queryFn: ({ signal }) => apiRequestParsed('/api/admin/readers', readerListSchema, { signal }),
});

export function createReader(input: CreateReaderInput) {
  return apiRequestParsed('/api/admin/readers', readerSchema, { method: 'POST', body: input });
}

export const adminStatsQuery = queryOptions({
  queryKey: adminQueryKeys.stats,
  queryFn: ({ signal }) => apiRequestParsed('/api/admin/stats', adminStatsSchema, { signal }),
});

export function adminUsersQuery(params: AdminUsersQuery) {
  return queryOptions({
    queryKey: [...adminQueryKeys.users, params],
    queryFn: ({ signal }) => apiRequestParsed(`/api/admin/users${queryString(params)}`, adminUsersPageSchema, { signal }),
  });
}

export function suspendUser(userId: string) {
  return apiRequestParsed(`/api/admin/users/${encodeURIComponent(userId)}/suspend`, adminUserSchema, { method: 'POST' });
}

export function restoreUser(userId: string) {
  return apiRequestParsed(`/api/admin/users/${encodeURIComponent(userId)}/restore`, adminUserSchema, { method: 'POST' });
}

export function adminSessionsQuery(params: AdminSessionsQuery) {
  return queryOptions({
    queryKey: [...adminQueryKeys.sessions, params],
    queryFn: ({ signal }) => apiRequestParsed(`/api/admin/sessions${queryString(params)}`, adminSessionsPageSchema, { signal }),
  });
}

export function endSessionAsAdmin(sessionId: string) {
  return apiRequestParsed(`/api/admin/sessions/${encodeURIComponent(sessionId)}/end`, sessionSchema, { method: 'POST' });
}
