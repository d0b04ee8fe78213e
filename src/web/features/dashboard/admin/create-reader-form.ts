import { type CreateReaderInput, createReaderSchema } from '@shared/readers';
import { z } from '@shared/zod-config';
import {
  dollarRateSchema,
  inputOfServerField,
  ratesInCents,
  specialtiesTextSchema,
  yearsTextSchema,
} from '@/lib/reader-profile-inputs';

export { splitSpecialties } from '@/lib/reader-profile-inputs';

const { shape } = createReaderSchema;

/**
 * What the admin types: every field a string, as inputs hold them. Each field is checked by the
 * same rule the server applies (createReaderSchema), after rates turn from dollars into cents.
 */
export const createReaderFormSchema = z.object({
  email: shape.email,
  password: shape.password,
  firstName: shape.firstName,
  lastName: shape.lastName,
  username: shape.username,
  yearsExperience: yearsTextSchema,
  chatRate: dollarRateSchema,
  audioRate: dollarRateSchema,
  videoRate: dollarRateSchema,
  profileImage: shape.profileImage,
  specialties: specialtiesTextSchema,
  bio: shape.bio,
});
export type CreateReaderFormInput = z.input<typeof createReaderFormSchema>;
export type CreateReaderFormOutput = z.output<typeof createReaderFormSchema>;
export type CreateReaderFormField = keyof CreateReaderFormInput;

export const emptyCreateReaderForm: CreateReaderFormInput = {
  email: '',
  password: '',
  firstName: '',
  lastName: '',
  username: '',
  yearsExperience: '',
  chatRate: '',
  audioRate: '',
  videoRate: '',
  profileImage: '',
  specialties: '',
  bio: '',
};

export function toCreateReaderInput(values: CreateReaderFormOutput): CreateReaderInput {
  return ratesInCents(values);
}

/** Each server field message beside its input (inputOfServerField); keys that match no input are left out. */
export function toFormFieldErrors(serverFields: Record<string, string>): [CreateReaderFormField, string][] {
  const errors = new Map<CreateReaderFormField, string>();
  for (const [key, message] of Object.entries(serverFields)) {
    const field = inputOfServerField(key, emptyCreateReaderForm);
    if (field && !errors.has(field)) errors.set(field, message);
  }
  return [...errors];
}
