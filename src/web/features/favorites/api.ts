import { favoritesApi } from '@shared/api/favorites';
import type { FavoriteReader, FavoriteReaderList } from '@shared/favorites';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { useLivePresence } from '@/lib/live-presence';
import { toast } from '@/lib/toast';

export const favoriteKeys = {
  all: ['favorites'] as const,
  hearted: ['favorites', 'hearted'] as const,
  dashboard: ['favorites', 'dashboard'] as const,
};

/** The readers the signed-in client hearted (the directory's hearts). */
export const heartedReadersQuery = queryOptions({
  queryKey: favoriteKeys.hearted,
  queryFn: ({ signal }) => callApi(favoritesApi.list, {}, { signal }),
});

/** The Favorite Readers tab: the top readers by readings together plus the hearted ones. */
export const favoritesDashboardQuery = queryOptions({
  queryKey: favoriteKeys.dashboard,
  queryFn: ({ signal }) => callApi(favoritesApi.dashboard, {}, { signal }),
});

export interface FavoriteChange {
  reader: FavoriteReader;
  isFavorite: boolean;
}

function withChange(
  list: FavoriteReaderList | undefined,
  { reader, isFavorite }: FavoriteChange,
): FavoriteReaderList | undefined {
  if (!list) return list;
  const others = list.readers.filter((candidate) => candidate.id !== reader.id);
  return { readers: isFavorite ? [...others, { ...reader, isFavorite: true }] : others };
}

/**
 * Hearts or un-hearts a reader. The heart changes at once (optimistic) and goes back if the server
 * refuses; either way the lists are fetched again so they end as the server has them.
 */
export function useToggleFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reader, isFavorite }: FavoriteChange) =>
      callApi(isFavorite ? favoritesApi.add : favoritesApi.remove, { params: { readerId: reader.id } }),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: favoriteKeys.hearted });
      const before = queryClient.getQueryData<FavoriteReaderList>(favoriteKeys.hearted);
      queryClient.setQueryData<FavoriteReaderList>(favoriteKeys.hearted, (current) =>
        withChange(current ?? { readers: [] }, change),
      );
      return { before };
    },
    onError: (_error, change, context) => {
      queryClient.setQueryData(favoriteKeys.hearted, context?.before);
      toast.error(change.isFavorite ? 'Could not add to favorites' : 'Could not remove from favorites');
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: favoriteKeys.all }),
  });
}

/**
 * Keeps the Favorite Readers tab's Online/Busy/Offline badges live from `reader_status` and
 * `reader_busy`, watched while the tab shows; each time watching starts (a reconnect too) it
 * refetches, as changes before were not heard.
 */
export function useLiveFavoritePresence(): void {
  useLivePresence<FavoriteReaderList>(favoriteKeys.dashboard, (current, readerId, change) => ({
    readers: current.readers.map((reader) => (reader.id === readerId ? { ...reader, ...change } : reader)),
  }));
}
