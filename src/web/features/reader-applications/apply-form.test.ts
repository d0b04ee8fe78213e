import { readerApplicationSchema } from '@shared/reader-applications';
import { describe, expect, it } from 'vitest';
import { type ApplyFormInput, applyFieldOf, applyFormSchema, emptyApplyForm, toApplicationInput } from './apply-form';

const filled: ApplyFormInput = {
  ...emptyApplyForm,
  firstName: 'Orion',
  lastName: 'Vale',
  email: ' Orion@Example.com ',
  specialties: 'Tarot,  Astrology , ,',
  yearsExperience: '9',
  bio: 'I read the cards.',
  sampleReading: 'x'.repeat(300),
  chatRate: '2.99',
  audioRate: '3.5',
  videoRate: '4',
  acceptsReaderTerms: true,
};

describe('the application form', () => {
  it('turns what was typed into the body the server accepts', () => {
    const input = toApplicationInput(applyFormSchema.parse(filled));
    expect(input).toMatchObject({
      email: 'orion@example.com',
      specialties: ['Tarot', 'Astrology'],
      yearsExperience: 9,
      chatRateCents: 299,
      audioRateCents: 350,
      videoRateCents: 400,
    });
    expect(readerApplicationSchema.safeParse(input).success).toBe(true);
  });

  it('puts each problem beside its field', () => {
    const parsed = applyFormSchema.safeParse({
      ...filled,
      sampleReading: 'short',
      acceptsReaderTerms: false,
      chatRate: 'abc',
      specialties: ' , ',
    });
    const fields = Object.fromEntries(parsed.error!.issues.map((issue) => [issue.path[0], issue.message]));
    expect(fields).toEqual({
      sampleReading: 'A sample reading needs at least 300 characters',
      acceptsReaderTerms: 'Please agree to the reader terms',
      chatRate: 'Enter an amount in dollars, like 4.99',
      specialties: 'Add at least one specialty',
    });
  });

  it('finds the input of a server field message', () => {
    expect(applyFieldOf('chatRateCents')).toBe('chatRate');
    expect(applyFieldOf('specialties.1')).toBe('specialties');
    expect(applyFieldOf('email')).toBe('email');
    expect(applyFieldOf('nothing')).toBeUndefined();
  });
});
