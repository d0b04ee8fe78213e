import type { Reader } from '../../src/shared/readers';

/** Selene, a reader as the API shows her in the given presence, for component tests. */
export const testReader = (status: Reader['status'], overrides: Partial<Reader> = {}): Reader => ({
  id: 'r1',
  firstName: 'Selene',
  lastName: 'Moon',
  fullName: 'Selene Moon',
  username: 'selene',
  bio: 'Reads the moon.',
  specialties: ['Tarot'],
  yearsExperience: 3,
  chatRateCents: 199,
  audioRateCents: 299,
  videoRateCents: 399,
  profileImage: null,
  isOnline: status !== 'offline',
  isBusy: status === 'busy',
  status,
  rating: 0,
  totalReviews: 0,
  totalSessions: 0,
  createdAt: '2026-01-01T00:00:00Z',
  schedule: { timeZone: 'UTC', slots: [] },
  freeMinutes: 0,
  repliesAutomated: false,
  ...overrides,
});
