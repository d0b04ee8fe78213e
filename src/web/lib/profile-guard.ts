import type { Profile } from '@shared/auth';

/**
 * Checks a /api/auth/profile answer without zod: the profile is loaded on every page, and zod
 * would add ~20 KB gzip to the home page. profile-guard.test.ts keeps this in step with profileSchema.
 */
export function isProfile(value: unknown): value is Profile {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.id === 'string' &&
    typeof record.email === 'string' &&
    typeof record.fullName === 'string' &&
    (record.avatarUrl === null || typeof record.avatarUrl === 'string') &&
    typeof record.role === 'string' &&
    Number.isInteger(record.walletBalanceCents) &&
    typeof record.createdAt === 'string'
  );
}
