import { describe, expect, it } from 'vitest';
import {
  type CreateReaderFormInput,
  createReaderFormSchema,
  splitSpecialties,
  toCreateReaderInput,
  toFormFieldErrors,
} from './create-reader-form';

const filled: CreateReaderFormInput = {
  email: ' Luna@Example.com ',
  password: 'moonlight-123',
  firstName: 'Luna',
  lastName: 'Starling',
  username: 'luna_star',
  yearsExperience: '7',
  chatRate: '3.99',
  audioRate: ' 5 ',
  videoRate: '12.5',
  profileImage: '',
  specialties: ' Tarot, Astrology ,, Dream Interpretation ',
  bio: 'Reads the stars.',
};

const messageFor = (input: Partial<CreateReaderFormInput>, field: keyof CreateReaderFormInput) => {
  const result = createReaderFormSchema.safeParse({ ...filled, ...input });
  return result.success ? undefined : result.error.issues.find((issue) => issue.path[0] === field)?.message;
};

describe('splitSpecialties', () => {
  it('splits on commas, trims each and drops the empty ones', () => {
    expect(splitSpecialties(' Tarot, Astrology ,, Dream Interpretation ,')).toEqual([
      'Tarot',
      'Astrology',
      'Dream Interpretation',
    ]);
    expect(splitSpecialties(' , ')).toEqual([]);
  });
});

describe('createReaderFormSchema → toCreateReaderInput', () => {
  it('turns the typed strings into the API body: rates in cents, years a number, specialties a list', () => {
    expect(toCreateReaderInput(createReaderFormSchema.parse(filled))).toEqual({
      email: 'luna@example.com',
      password: 'moonlight-123',
      firstName: 'Luna',
      lastName: 'Starling',
      username: 'luna_star',
      yearsExperience: 7,
      chatRateCents: 399,
      audioRateCents: 500,
      videoRateCents: 1250,
      profileImage: undefined,
      specialties: ['Tarot', 'Astrology', 'Dream Interpretation'],
      bio: 'Reads the stars.',
    });
  });

  it('keeps a profile image address', () => {
    expect(createReaderFormSchema.parse({ ...filled, profileImage: 'https://example.com/luna.jpg' }).profileImage).toBe(
      'https://example.com/luna.jpg',
    );
  });

  it('names each field an empty form leaves wrong', () => {
    const result = createReaderFormSchema.safeParse(Object.fromEntries(Object.keys(filled).map((key) => [key, ''])));
    expect(result.success).toBe(false);
    const fields = new Set(result.error?.issues.map((issue) => issue.path.join('.')));
    expect([...fields].sort()).toEqual(
      [
        'audioRate',
        'bio',
        'chatRate',
        'email',
        'firstName',
        'lastName',
        'password',
        'specialties',
        'username',
        'videoRate',
        'yearsExperience',
      ].sort(),
    );
  });

  it('holds rates, years and specialties to the server’s rules, on the field itself', () => {
    expect(messageFor({ chatRate: '0.98' }, 'chatRate')).toBe('Rate must be at least $0.99');
    expect(messageFor({ videoRate: '4.999' }, 'videoRate')).toBe('Enter an amount in dollars, like 4.99');
    expect(messageFor({ yearsExperience: '2.5' }, 'yearsExperience')).toBe('Enter whole years, like 5');
    expect(messageFor({ yearsExperience: '81' }, 'yearsExperience')).toBeDefined();
    expect(messageFor({ specialties: ' , ' }, 'specialties')).toBe('Add at least one specialty');
    expect(messageFor({ specialties: 'x'.repeat(41) }, 'specialties')).toBeDefined();
    expect(messageFor({ username: 'a b' }, 'username')).toBe('Use letters, digits, dot, dash or underscore');
  });
});

describe('toFormFieldErrors', () => {
  it('puts each server message beside the input it belongs to', () => {
    expect(
      toFormFieldErrors({
        username: 'This username is taken',
        chatRateCents: 'Rate must be at least $0.99',
        'specialties.2': 'Too long',
        somethingElse: 'Ignored',
      }),
    ).toEqual([
      ['username', 'This username is taken'],
      ['chatRate', 'Rate must be at least $0.99'],
      ['specialties', 'Too long'],
    ]);
  });
});
