import { desc, sql } from 'drizzle-orm';
import type { FeaturedReader } from '@shared/sessions';
import type { DbOrTx } from '../../db/client';
import { readerProfiles } from '../../db/schema';
import { isListedReader, selectReaders, toReader } from './reader-view';

const averageRating = sql`case when ${readerProfiles.ratingCount} = 0 then 0 else ${readerProfiles.ratingSum}::float / ${readerProfiles.ratingCount} end`;

/** For the home page: online readers first, then by average rating and review count. */
export async function availableReaders(db: DbOrTx, query: { limit: number; featured?: 'true' | 'false' }): Promise<FeaturedReader[]> {
  const rows = await selectReaders(db)
    .where(isListedReader)
    .orderBy(desc(readerProfiles.isOnline), desc(averageRating), desc(readerProfiles.ratingCount), readerProfiles.createdAt)
    .limit(query.limit);
  return rows.map((row) => {
    const reader = toReader(row);
    return {
      id: reader.id,
      fullName: reader.fullName,
      avatarUrl: reader.profileImage,
      isOnline: reader.isOnline,
      rating: reader.rating,
      totalReviews: reader.totalReviews,
      specialties: reader.specialties,
      ratePerMinuteCents: reader.chatRateCents,
      bio: reader.bio,
    };
  });
}
