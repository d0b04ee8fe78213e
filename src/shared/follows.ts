import { z } from './zod-config';
import type { followStateSchema } from './live';

/** A reader the signed-in user follows, as the 'Following' list shows them. */
export const followedReaderSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  username: z.string(),
  profileImage: z.string().nullable(),
  isOnline: z.boolean(),
});
export type FollowedReader = z.infer<typeof followedReaderSchema>;

/** GET /api/follows: the readers the user follows, the latest followed first. */
export const followedReaderListSchema = z.object({ readers: z.array(followedReaderSchema) });
export type FollowedReaderList = z.infer<typeof followedReaderListSchema>;

/** PUT/DELETE/GET /api/follows/:readerId answer (the schema lives with the live stream's reader). */
export type FollowState = z.infer<typeof followStateSchema>;
