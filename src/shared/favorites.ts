import { z } from './zod-config';

/** How many readers the Favorite Readers tab takes from the client's own history (SPEC.md: up to 5). */
export const TOP_READERS_BY_SESSIONS = 5;

export const favoriteReaderParamsSchema = z.object({
  readerId: z.string().trim().min(1, 'This field is required').max(100),
});

export const favoriteReaderSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  username: z.string(),
  profileImage: z.string().nullable(),
  specialties: z.array(z.string()),
  isOnline: z.boolean(),
  /** In an active reading right now: online but cannot take a request. */
  isBusy: z.boolean(),
  /** Hearted by this client in the directory. */
  isFavorite: z.boolean(),
  /** Completed readings between this client and this reader. */
  completedSessionsWithYou: z.number().int(),
});
export type FavoriteReader = z.infer<typeof favoriteReaderSchema>;

/**
 * GET /api/favorites: the readers the client hearted. GET /api/favorites/dashboard: the Favorite
 * Readers tab, the top readers by completed readings with this client plus the hearted ones, once each.
 */
export const favoriteReaderListSchema = z.object({ readers: z.array(favoriteReaderSchema) });
export type FavoriteReaderList = z.infer<typeof favoriteReaderListSchema>;
