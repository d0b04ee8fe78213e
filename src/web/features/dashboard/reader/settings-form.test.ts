import { describe, expect, it } from 'vitest';
import { settingsFormSchema, toSettingsField, toSettingsForm } from './settings-form';

const valid = {
  bio: 'Tarot and tea leaves.',
  specialties: 'Tarot, Tea Leaves , ,Runes',
  yearsExperience: '12',
  profileImage: '',
  freeMinutes: '3',
};
const messageFor = (change: Partial<typeof valid>, field: string) => {
  const result = settingsFormSchema.safeParse({ ...valid, ...change });
  return result.success ? undefined : result.error.issues.find((issue) => issue.path[0] === field)?.message;
};

describe('settingsFormSchema', () => {
  it('turns the typed text into the profile update', () => {
    expect(settingsFormSchema.parse(valid)).toEqual({
      bio: 'Tarot and tea leaves.',
      specialties: ['Tarot', 'Tea Leaves', 'Runes'],
      yearsExperience: 12,
      profileImage: null,
      freeMinutes: 3,
    });
    expect(settingsFormSchema.parse({ ...valid, profileImage: ' https://img.example/me.png ' }).profileImage).toBe(
      'https://img.example/me.png',
    );
  });

  it('names the field to fix', () => {
    expect(messageFor({ profileImage: 'ftp://img.example/me.png' }, 'profileImage')).toBe(
      'Enter an image address starting with http:// or https://',
    );
    expect(messageFor({ profileImage: 'not a url' }, 'profileImage')).toBe(
      'Enter an image address starting with http:// or https://',
    );
    expect(messageFor({ specialties: ' , ' }, 'specialties')).toBe('Add at least one specialty');
    expect(messageFor({ yearsExperience: '2.5' }, 'yearsExperience')).toBe('Years must be a whole number');
    expect(messageFor({ bio: '  ' }, 'bio')).toBe('Enter a bio');
  });

  it("fills in from the saved profile and places the server's field keys", () => {
    const reader = {
      bio: 'b',
      specialties: ['A', 'B'],
      yearsExperience: 3,
      profileImage: null,
      freeMinutes: 2,
    } as Parameters<typeof toSettingsForm>[0];
    expect(toSettingsForm(reader)).toEqual({
      bio: 'b',
      specialties: 'A, B',
      yearsExperience: '3',
      profileImage: '',
      freeMinutes: '2',
    });
    expect([toSettingsField('specialties.1'), toSettingsField('profileImage'), toSettingsField('isOnline')]).toEqual([
      'specialties',
      'profileImage',
      null,
    ]);
  });
});
