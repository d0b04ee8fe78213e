import type { FollowedReader } from '@shared/follows';
import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { readerFollows, readerProfiles } from '../../db/schema';
import { isListedReader } from '../readers';

/** The readers a user follows, the latest followed first; suspended readers are left out, as everywhere public. */
export async function listFollowedReaders(db: DbOrTx, followerId: string): Promise<FollowedReader[]> {
  const rows = await db
    .select({
      id: readerProfiles.userId,
      firstName: readerProfiles.firstName,
      lastName: readerProfiles.lastName,
      username: readerProfiles.username,
      profileImage: readerProfiles.profileImage,
      isOnline: readerProfiles.isOnline,
    })
    .from(readerFollows)
    .innerJoin(readerProfiles, eq(readerProfiles.userId, readerFollows.readerId))
    .where(and(eq(readerFollows.followerId, followerId), isListedReader))
    .orderBy(desc(readerFollows.createdAt));
  return rows.map(({ firstName, lastName, ...row }) => ({ ...row, fullName: `${firstName} ${lastName}` }));
}
