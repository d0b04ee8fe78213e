import type { AdminReader } from '@shared/admin';
import { describe, expect, it } from 'vitest';
import { editReaderFormSchema, toEditFormFieldErrors, toEditReaderForm, toUpdateReaderInput } from './edit-reader-form';

const reader: AdminReader = {
  id: 'r1',
  firstName: 'Aurora',
  lastName: 'Starweaver',
  fullName: 'Aurora Starweaver',
  username: 'aurora',
  email: 'aurora@soultribe.app',
  bio: 'Tarot.',
  specialties: ['Tarot', 'Astrology'],
  yearsExperience: 10,
  chatRateCents: 399,
  audioRateCents: 450,
  videoRateCents: 600,
  profileImage: null,
  isOnline: false,
  isBusy: false,
  status: 'offline',
  rating: 0,
  totalReviews: 0,
  totalSessions: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  totalEarningsCents: 0,
  deactivated: false,
  schedule: { timeZone: 'UTC', slots: [] },
  freeMinutes: 0,
  repliesAutomated: false,
  sessionTypes: ['chat', 'audio', 'video'],
  writtenReadingPriceCents: null,
  writtenReadingAnswerHours: 24,
};

describe('the Edit dialog form', () => {
  it('shows the reader in dollars and a comma list, and sends back the same reader unchanged', () => {
    const form = toEditReaderForm(reader);
    expect(form).toMatchObject({
      chatRate: '3.99',
      audioRate: '4.50',
      videoRate: '6.00',
      specialties: 'Tarot, Astrology',
      profileImage: '',
      yearsExperience: '10',
    });
    expect(toUpdateReaderInput(editReaderFormSchema.parse(form))).toEqual({
      firstName: 'Aurora',
      lastName: 'Starweaver',
      username: 'aurora',
      yearsExperience: 10,
      chatRateCents: 399,
      audioRateCents: 450,
      videoRateCents: 600,
      profileImage: null,
      specialties: ['Tarot', 'Astrology'],
      bio: 'Tarot.',
    });
  });

  it('holds the creation rules: http(s) images only, rates within bounds', () => {
    const form = toEditReaderForm(reader);
    const messageFor = (change: Partial<typeof form>) =>
      editReaderFormSchema.safeParse({ ...form, ...change }).error?.issues[0]?.message;
    expect(messageFor({ profileImage: 'data:image/png;base64,AAAA' })).toBe(
      'Enter an image address starting with http:// or https://',
    );
    expect(messageFor({ profileImage: 'https://images.example/a.png' })).toBeUndefined();
    expect(messageFor({ chatRate: '0.5' })).toMatch(/at least/);
    expect(messageFor({ username: 'a b' })).toBe('Use letters, digits, dot, dash or underscore');
  });

  it('puts server messages beside the inputs it has, rates by their dollar inputs', () => {
    expect(
      toEditFormFieldErrors({ username: 'This username is taken', chatRateCents: 'Too low', email: 'not here' }),
    ).toEqual([
      ['username', 'This username is taken'],
      ['chatRate', 'Too low'],
    ]);
  });
});
