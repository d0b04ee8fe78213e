import { type CreateReaderInput, readerListSchema, readerSchema } from '@shared/readers';
import { queryOptions } from '@tanstack/react-query';
import { apiRequestParsed } from '@/lib/api';

/** Every reader, newest first, as the server orders them. */
export const adminReadersQuery = queryOptions({
  queryKey: ['dashboard', 'admin', 'readers'],
  queryFn: ({ signal }) => apiRequestParsed('/api/admin/readers', readerListSchema, { signal }),
});

export function createReader(input: CreateReaderInput) {
  return apiRequestParsed('/api/admin/readers', readerSchema, { method: 'POST', body: input });
}
