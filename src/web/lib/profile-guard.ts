import type { Profile } from '@shared/auth';
import { isRecord } from '@shared/records';

/**
 * Checks a /api/auth/profile answer without zod: the profile is loaded on every page, and zod
 * would add ~20 KB gzip to the home page. profile-guard.test.ts keeps this in step with profileSchema.
 */
export function isProfile(value: unknown): value is Profile {
  if (!isRecord(value)) return false;
  return (
    typeof value.id === 'string' &&
    typeof value.email === 'string' &&
    typeof value.fullName === 'string' &&
    (value.avatarUrl === null || typeof value.avatarUrl === 'string') &&
    typeof value.role === 'string' &&
    Number.isInteger(value.walletBalanceCents) &&
    Number.isInteger(value.creditCents) &&
    typeof value.createdAt === 'string'
  );
}
