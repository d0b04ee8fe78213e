import { profileSchema } from '@shared/auth';
import { describe, expect, it } from 'vitest';
import { isProfile } from './profile-guard';

const valid = {
  id: 'u1',
  email: 'luna@example.com',
  fullName: 'Luna Martinez',
  avatarUrl: null,
  role: 'client',
  walletBalanceCents: 5000,
  creditCents: 0,
  createdAt: '2025-01-01T00:00:00.000Z',
};

const samples: unknown[] = [
  valid,
  { ...valid, avatarUrl: 'https://example.com/a.png' },
  { ...valid, email: '' },
  { ...valid, walletBalanceCents: 12.5 },
  { ...valid, walletBalanceCents: '5000' },
  { ...valid, avatarUrl: undefined },
  { ...valid, role: 3 },
  { ...valid, createdAt: undefined },
  { ...valid, id: undefined },
  { ...valid, fullName: null },
  null,
  'profile',
  [],
];

describe('isProfile', () => {
  it.each(samples.map((sample, index) => [index, sample]))(
    'agrees with the shared profileSchema on sample %i',
    (_, sample) => {
      expect(isProfile(sample)).toBe(profileSchema.safeParse(sample).success);
    },
  );
});
