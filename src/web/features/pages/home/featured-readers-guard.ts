import type { FeaturedReader } from '@shared/sessions';
import { isRecord } from '@shared/records';

function isFeaturedReader(value: unknown): value is FeaturedReader {
  if (!isRecord(value)) return false;
  return (
    typeof value.id === 'string' &&
    typeof value.fullName === 'string' &&
    (value.avatarUrl === null || typeof value.avatarUrl === 'string') &&
    typeof value.isOnline === 'boolean' &&
    typeof value.rating === 'number' &&
    Number.isInteger(value.totalReviews) &&
    Array.isArray(value.specialties) &&
    value.specialties.every((specialty) => typeof specialty === 'string') &&
    Number.isInteger(value.ratePerMinuteCents) &&
    typeof value.bio === 'string'
  );
}

/**
 * Checks a GET /api/sessions/available-readers answer without zod, which would add ~20 KB gzip to
 * the home page (as lib/profile-guard.ts does for the profile). The test keeps this in step with
 * availableReadersSchema of @shared/sessions.
 */
export function readFeaturedReaders(body: unknown): FeaturedReader[] | null {
  if (!isRecord(body) || !Array.isArray(body.readers)) return null;
  return body.readers.every(isFeaturedReader) ? body.readers : null;
}
