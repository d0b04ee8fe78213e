import type { SessionType } from '@shared/constants';
import type { ReaderDetails } from '@shared/readers';

interface AggregateRating {
  '@type': 'AggregateRating';
  ratingValue: number;
  reviewCount: number;
}

interface ReadingOffer {
  '@type': 'Offer';
  name: string;
  itemOffered: { '@type': 'Service'; name: string; provider: { '@id': string }; aggregateRating?: AggregateRating };
  priceSpecification: {
    '@type': 'UnitPriceSpecification';
    price: number;
    priceCurrency: 'USD';
    unitCode: 'MIN';
    unitText: 'MINUTE';
  };
}

/** schema.org's ProfilePage of a reader, as JSON-LD: what a search engine reads of who they are and what a minute costs. */
export interface ReaderJsonLd {
  '@context': 'https://schema.org';
  '@type': 'ProfilePage';
  url: string;
  dateCreated: string;
  mainEntity: {
    '@type': 'Person';
    '@id': string;
    name: string;
    alternateName: string;
    url: string;
    image?: string;
    description: string;
    knowsAbout: string[];
    makesOffer: ReadingOffer[];
  };
}

const READING_NAMES: Record<SessionType, string> = {
  chat: 'Chat reading',
  audio: 'Audio reading',
  video: 'Video reading',
};

/**
 * A reader's profile as schema.org JSON-LD: a Person with their specialties and one Offer per kind of
 * reading they give, priced by the minute. schema.org gives a Person no rating, so the reviews' average
 * rates the readings (each Offer's Service), and only once there are reviews: a page claiming a rating
 * of 0 would be a false one.
 */
export function readerJsonLd(reader: ReaderDetails, profileUrl: string): ReaderJsonLd {
  const personId = `${profileUrl}#person`;
  const rateCents: Record<SessionType, number> = {
    chat: reader.chatRateCents,
    audio: reader.audioRateCents,
    video: reader.videoRateCents,
  };
  const aggregateRating: AggregateRating | undefined =
    reader.totalReviews > 0
      ? { '@type': 'AggregateRating', ratingValue: reader.rating, reviewCount: reader.totalReviews }
      : undefined;
  return {
    '@context': 'https://schema.org',
    '@type': 'ProfilePage',
    url: profileUrl,
    dateCreated: reader.createdAt,
    mainEntity: {
      '@type': 'Person',
      '@id': personId,
      name: reader.fullName,
      alternateName: reader.username,
      url: profileUrl,
      ...(reader.profileImage ? { image: reader.profileImage } : {}),
      description: reader.bio,
      knowsAbout: reader.specialties,
      makesOffer: reader.sessionTypes.map((type) => ({
        '@type': 'Offer',
        name: READING_NAMES[type],
        itemOffered: {
          '@type': 'Service',
          name: READING_NAMES[type],
          provider: { '@id': personId },
          ...(aggregateRating ? { aggregateRating } : {}),
        },
        // Cents to dollars: an integer over 100 prints as its two decimals (399 / 100 is 3.99).
        priceSpecification: {
          '@type': 'UnitPriceSpecification',
          price: rateCents[type] / 100,
          priceCurrency: 'USD',
          unitCode: 'MIN',
          unitText: 'MINUTE',
        },
      })),
    },
  };
}
