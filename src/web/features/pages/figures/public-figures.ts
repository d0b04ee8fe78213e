import type { PublicFigures } from '@shared/public-figures';
import { useQuery } from '@tanstack/react-query';
import { apiRequest, unexpectedResponseError } from '@/lib/api';
import { isRecord } from '@shared/records';

const isCount = (value: unknown): value is number => Number.isInteger(value);

/**
 * Checks a GET /api/public-figures answer without zod, which the public pages do not load (as
 * featured-readers-guard.ts does); the test keeps it in step with publicFiguresSchema.
 */
export function readPublicFigures(body: unknown): PublicFigures | null {
  if (!isRecord(body)) return null;
  const { readingsGiven, readers } = body;
  return isCount(readingsGiven) && isCount(readers) ? { readingsGiven, readers } : null;
}

/** The About page's counts, from the database (decision 060). */
export function usePublicFigures() {
  return useQuery({
    queryKey: ['public-figures'],
    queryFn: async ({ signal }) => {
      const figures = readPublicFigures(await apiRequest('/api/public-figures', { signal }));
      if (!figures) throw unexpectedResponseError();
      return figures;
    },
  });
}

/** A count as the pages show it, or a dash while it loads. */
export const shownCount = (count: number | undefined) => (count === undefined ? '–' : count.toLocaleString('en-US'));
