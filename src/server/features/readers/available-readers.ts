import type { ReaderDetails } from '@shared/readers';
import type { FeaturedReader } from '@shared/sessions';

/**
 * A reader as the home page's 'Meet Our Gifted Readers' shows them. They are the first of the
 * directory's Recommended order, taken from its cache (directory-cache.ts `featured`): ordering
 * every reader by the service score in SQL on each home page visit cost over 40 ms at 10,000 readers.
 */
export function toFeaturedReader(reader: ReaderDetails): FeaturedReader {
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
}
