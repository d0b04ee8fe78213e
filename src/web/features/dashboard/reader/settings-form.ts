import { imageUrlSchema } from '@shared/auth';
import type { Reader } from '@shared/readers';
import { createReaderSchema } from '@shared/readers';
import { freeMinutesOfferSchema } from '@shared/sessions';
import { z } from '@shared/zod-config';

/** Settings as typed: specialties comma-separated, years and image as text; checked by the server's own rules. */
export const settingsFormSchema = z.object({
  bio: createReaderSchema.shape.bio,
  specialties: z
    .string()
    .transform((text) =>
      text
        .split(',')
        .map((specialty) => specialty.trim())
        .filter(Boolean),
    )
    .pipe(createReaderSchema.shape.specialties),
  yearsExperience: z
    .string()
    .trim()
    .regex(/^\d+$/, 'Years must be a whole number')
    .transform(Number)
    .pipe(createReaderSchema.shape.yearsExperience),
  profileImage: z
    .string()
    .trim()
    .transform((text) => (text === '' ? null : text))
    .pipe(imageUrlSchema.nullable()),
  freeMinutes: z.string().transform(Number).pipe(freeMinutesOfferSchema),
});
export type SettingsFormInput = z.input<typeof settingsFormSchema>;
export type SettingsFormOutput = z.output<typeof settingsFormSchema>;
export type SettingsField = keyof SettingsFormInput;

export function toSettingsForm(reader: Reader): SettingsFormInput {
  return {
    bio: reader.bio,
    specialties: reader.specialties.join(', '),
    yearsExperience: String(reader.yearsExperience),
    profileImage: reader.profileImage ?? '',
    freeMinutes: String(reader.freeMinutes),
  };
}

/** The server's field keys (specialties.2) on the form's inputs (specialties). */
export function toSettingsField(key: string): SettingsField | null {
  const field = key.split('.')[0];
  return field === 'bio' ||
    field === 'specialties' ||
    field === 'yearsExperience' ||
    field === 'profileImage' ||
    field === 'freeMinutes'
    ? field
    : null;
}
