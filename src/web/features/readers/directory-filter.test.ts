import type { Reader } from '@shared/readers';
import { describe, expect, it } from 'vitest';
import { ALL_SPECIALTIES, type DirectoryFilter, filterReaders, shownSpecialties, specialtiesOf } from './directory-filter';

function reader(overrides: Partial<Reader>): Reader {
  return {
    id: 'id',
    firstName: 'First',
    lastName: 'Last',
    fullName: 'First Last',
    username: 'first',
    bio: '',
    specialties: [],
    yearsExperience: 1,
    chatRateCents: 299,
    audioRateCents: 399,
    videoRateCents: 499,
    profileImage: null,
    isOnline: true,
    isBusy: false,
    status: 'online',
    rating: 4,
    totalReviews: 10,
    totalSessions: 10,
    createdAt: '2026-01-01T00:00:00.000Z',
    schedule: { timeZone: 'UTC', slots: [] },
    ...overrides,
  };
}

const aurora = reader({ id: 'a', fullName: 'Aurora Starweaver', specialties: ['Tarot', 'Clairvoyance'], rating: 4.7, yearsExperience: 15, chatRateCents: 399, totalSessions: 1420 });
const orion = reader({ id: 'o', fullName: 'Orion Blackwood', specialties: ['Runes', 'Past Lives'], rating: 4.9, yearsExperience: 20, chatRateCents: 599, isOnline: false, totalSessions: 1980, bio: 'Old ways and runes' });
const kai = reader({ id: 'k', fullName: 'Kai Nightingale', specialties: ['Numerology', 'Tarot'], rating: 4.6, yearsExperience: 4, chatRateCents: 299, totalSessions: 150 });
const all = [aurora, orion, kai];
const base: DirectoryFilter = { search: '', specialty: ALL_SPECIALTIES, sort: 'rating', isOnlineOnly: false };
const ids = (readers: Reader[]) => readers.map((r) => r.id);

describe('filterReaders', () => {
  it('sorts by each order of the directory', () => {
    expect(ids(filterReaders(all, base))).toEqual(['o', 'a', 'k']);
    expect(ids(filterReaders(all, { ...base, sort: 'experience' }))).toEqual(['o', 'a', 'k']);
    expect(ids(filterReaders(all, { ...base, sort: 'sessions' }))).toEqual(['o', 'a', 'k']);
    expect(ids(filterReaders(all, { ...base, sort: 'price-asc' }))).toEqual(['k', 'a', 'o']);
    expect(ids(filterReaders(all, { ...base, sort: 'price-desc' }))).toEqual(['o', 'a', 'k']);
  });

  it('searches names, bios and specialties without regard to case', () => {
    expect(ids(filterReaders(all, { ...base, search: 'TAROT' }))).toEqual(['a', 'k']);
    expect(ids(filterReaders(all, { ...base, search: ' runes ' }))).toEqual(['o']);
    expect(ids(filterReaders(all, { ...base, search: 'night' }))).toEqual(['k']);
    expect(filterReaders(all, { ...base, search: 'astrology' })).toEqual([]);
  });

  it('filters by one specialty and by who is online', () => {
    expect(ids(filterReaders(all, { ...base, specialty: 'Runes' }))).toEqual(['o']);
    expect(ids(filterReaders(all, { ...base, isOnlineOnly: true }))).toEqual(['a', 'k']);
  });

  it('does not reorder the list it was given', () => {
    filterReaders(all, { ...base, sort: 'price-asc' });
    expect(ids(all)).toEqual(['a', 'o', 'k']);
  });
});

describe('specialties', () => {
  it('lists every specialty once, alphabetically', () => {
    expect(specialtiesOf(all)).toEqual(['Clairvoyance', 'Numerology', 'Past Lives', 'Runes', 'Tarot']);
  });

  it('shows three and counts the rest', () => {
    expect(shownSpecialties(['a', 'b', 'c', 'd', 'e'])).toEqual({ shown: ['a', 'b', 'c'], moreCount: 2 });
    expect(shownSpecialties(['a'])).toEqual({ shown: ['a'], moreCount: 0 });
  });
});
