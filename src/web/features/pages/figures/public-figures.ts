import { formatCount } from '@shared/count-format';
import { readersApi } from '@shared/api/readers';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/** The About page's counts, from the database (decision 060). */
export function usePublicFigures() {
  return useQuery({
    queryKey: ['public-figures'],
    queryFn: ({ signal }) => callApi(readersApi.publicFigures, {}, { signal }),
  });
}

/** A count as the pages show it, or a dash while it loads. */
export const shownCount = (count: number | undefined) => (count === undefined ? '–' : formatCount(count));
