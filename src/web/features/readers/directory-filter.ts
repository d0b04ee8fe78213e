import { DISPLAYED_SPECIALTIES } from '@shared/constants';
import type { Reader } from '@shared/readers';

export const SORTS = [
  { value: 'rating', label: 'Highest Rated' },
  { value: 'experience', label: 'Most Experience' },
  { value: 'sessions', label: 'Most Sessions' },
  { value: 'price-asc', label: 'Price: Low to High' },
  { value: 'price-desc', label: 'Price: High to Low' },
] as const;
export type SortKey = (typeof SORTS)[number]['value'];

export const ALL_SPECIALTIES = 'all';

export interface DirectoryFilter {
  search: string;
  specialty: string;
  sort: SortKey;
  isOnlineOnly: boolean;
}

// Prices sort by the chat rate (SPEC.md 'Readers directory'); ties fall back to the name so the order is stable.
const comparators: Record<SortKey, (a: Reader, b: Reader) => number> = {
  rating: (a, b) => b.rating - a.rating || b.totalReviews - a.totalReviews,
  experience: (a, b) => b.yearsExperience - a.yearsExperience,
  sessions: (a, b) => b.totalSessions - a.totalSessions,
  'price-asc': (a, b) => a.chatRateCents - b.chatRateCents,
  'price-desc': (a, b) => b.chatRateCents - a.chatRateCents,
};

function matchesSearch(reader: Reader, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return [reader.fullName, reader.username, reader.bio, ...reader.specialties].some((text) => text.toLowerCase().includes(needle));
}

export function filterReaders(readers: Reader[], filter: DirectoryFilter): Reader[] {
  return readers
    .filter((reader) => matchesSearch(reader, filter.search))
    .filter((reader) => filter.specialty === ALL_SPECIALTIES || reader.specialties.includes(filter.specialty))
    .filter((reader) => !filter.isOnlineOnly || reader.isOnline)
    .sort((a, b) => comparators[filter.sort](a, b) || a.fullName.localeCompare(b.fullName));
}

/** Every specialty offered, alphabetically, for the filter. */
export function specialtiesOf(readers: Reader[]): string[] {
  return [...new Set(readers.flatMap((reader) => reader.specialties))].sort((a, b) => a.localeCompare(b));
}

/** The first three specialties and how many more there are ('+N more'). */
export function shownSpecialties(specialties: string[]): { shown: string[]; moreCount: number } {
  return { shown: specialties.slice(0, DISPLAYED_SPECIALTIES), moreCount: Math.max(0, specialties.length - DISPLAYED_SPECIALTIES) };
}
