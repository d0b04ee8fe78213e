import { describe, expect, it } from 'vitest';
import { testReader } from '../../tests/unit/test-reader';
import { jsonInScript } from './json-in-html';
import { readerJsonLd } from './reader-json-ld';

const PROFILE_URL = 'https://soultribe.example/readers/selene';
const reader = testReader('online', {
  bio: 'Third-generation tarot reader.',
  specialties: ['Tarot', 'Love & Relationships'],
  chatRateCents: 399,
  audioRateCents: 450,
  videoRateCents: 1000,
  profileImage: 'https://images.example.com/selene.jpg',
  rating: 4.8,
  totalReviews: 12,
});

describe('readerJsonLd', () => {
  it('describes the reader as the Person of a ProfilePage, with their specialties and a per-minute Offer for each kind of reading', () => {
    const data = readerJsonLd(reader, PROFILE_URL);
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'ProfilePage',
      url: PROFILE_URL,
      dateCreated: '2026-01-01T00:00:00Z',
    });
    expect(data.mainEntity).toMatchObject({
      '@type': 'Person',
      name: 'Selene Moon',
      alternateName: 'selene',
      url: PROFILE_URL,
      image: 'https://images.example.com/selene.jpg',
      description: 'Third-generation tarot reader.',
      knowsAbout: ['Tarot', 'Love & Relationships'],
    });
    const offers = data.mainEntity.makesOffer;
    expect(offers.map((offer) => [offer.name, offer.priceSpecification.price])).toEqual([
      ['Chat reading', 3.99],
      ['Audio reading', 4.5],
      ['Video reading', 10],
    ]);
    for (const offer of offers) {
      expect(offer.priceSpecification).toMatchObject({
        '@type': 'UnitPriceSpecification',
        priceCurrency: 'USD',
        unitCode: 'MIN',
        unitText: 'MINUTE',
      });
      expect(offer.itemOffered.provider).toEqual({ '@id': data.mainEntity['@id'] });
      expect(offer.itemOffered.aggregateRating).toEqual({
        '@type': 'AggregateRating',
        ratingValue: 4.8,
        reviewCount: 12,
      });
    }
  });

  it('offers only the kinds of reading the reader gives: the demo reader, chat only', () => {
    const offers = readerJsonLd({ ...reader, repliesAutomated: true, sessionTypes: ['chat'] }, PROFILE_URL).mainEntity
      .makesOffer;
    expect(offers.map((offer) => offer.name)).toEqual(['Chat reading']);
  });

  it('claims no rating before the first review, and no image without a photo', () => {
    const data = readerJsonLd({ ...reader, rating: 0, totalReviews: 0, profileImage: null }, PROFILE_URL);
    expect(JSON.stringify(data)).not.toContain('aggregateRating');
    expect(data.mainEntity).not.toHaveProperty('image');
  });
});

describe('jsonInScript', () => {
  it('writes no character that could end the script block or start a comment, and reads back the same', () => {
    const bio = 'Ends here </script><script>alert(1)</script> <!-- & >\u2028\u2029';
    const json = jsonInScript(readerJsonLd({ ...reader, bio }, PROFILE_URL));
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(json).toContain(
      '\\u003c/script\\u003e\\u003cscript\\u003ealert(1)\\u003c/script\\u003e \\u003c!-- \\u0026 \\u003e\\u2028\\u2029',
    );
    expect(JSON.parse(json).mainEntity.description).toBe(bio);
  });
});
