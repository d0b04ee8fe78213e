import type { FeaturedReader } from '@shared/sessions';
import type { DbOrTx } from '../../db/client';
import { directoryOrder } from './directory-order';
import { isListedReader, selectReaders, toReader } from './reader-view';

/** For the home page: the directory's Recommended order (free to read now, then busy, then offline; then rating). */
export async function availableReaders(db: DbOrTx, query: { limit: number; featured?: 'true' | 'false' }): Promise<FeaturedReader[]> {
  const rows = await selectReaders(db)
    .where(isListedReader)
    .orderBy(...directoryOrder('recommended'))
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
