import { availableReadersSchema } from '@shared/sessions';
import { describe, expect, it } from 'vitest';
import { readFeaturedReaders } from './featured-readers-guard';

const aurora = {
  id: 'r1',
  fullName: 'Aurora Starweaver',
  avatarUrl: null,
  isOnline: true,
  rating: 4.7,
  totalReviews: 308,
  specialties: ['Tarot', 'Clairvoyance'],
  ratePerMinuteCents: 399,
  bio: 'Third-generation tarot reader.',
};

const bodies: unknown[] = [
  { readers: [aurora] },
  { readers: [] },
  { readers: [{ ...aurora, avatarUrl: '/avatars/aurora.webp' }] },
  { readers: [{ ...aurora, avatarUrl: undefined }] },
  { readers: [{ ...aurora, rating: '4.7' }] },
  { readers: [{ ...aurora, totalReviews: 1.5 }] },
  { readers: [{ ...aurora, specialties: ['Tarot', 3] }] },
  { readers: [{ ...aurora, ratePerMinuteCents: 3.99 }] },
  { readers: [{ ...aurora, isOnline: 'yes' }] },
  { readers: [{ ...aurora, bio: null }] },
  { readers: [{ ...aurora, id: undefined }] },
  { readers: 'none' },
  null,
  [],
];

describe('readFeaturedReaders', () => {
  it('accepts exactly what the shared schema accepts', () => {
    for (const body of bodies) {
      expect(readFeaturedReaders(body) !== null, JSON.stringify(body)).toBe(
        availableReadersSchema.safeParse(body).success,
      );
    }
  });

  it('returns the readers of a valid answer', () => {
    expect(readFeaturedReaders({ readers: [aurora] })).toEqual([aurora]);
  });
});
