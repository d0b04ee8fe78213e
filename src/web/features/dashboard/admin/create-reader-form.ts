import { type CreateReaderInput, createReaderSchema } from '@shared/readers';
import { z } from '@shared/zod-config';
import { dollarRateSchema, specialtiesTextSchema, yearsTextSchema } from '@/lib/reader-profile-inputs';

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

export function toCreateReaderInput({ chatRate, audioRate, videoRate, ...rest }: CreateReaderFormOutput): CreateReaderInput {
  return { ...rest, chatRateCents: chatRate, audioRateCents: audioRate, videoRateCents: videoRate };
}

const formFieldOfServerField: Record<string, CreateReaderFormField> = {
  chatRateCents: 'chatRate',
  audioRateCents: 'audioRate',
  videoRateCents: 'videoRate',
};

/**
 * The server names rates in cents and a specialty by its index ("specialties.2"); this finds the
 * input each of its field messages belongs beside. Keys that match no input are left out.
 */
export function toFormFieldErrors(serverFields: Record<string, string>): Partial<Record<CreateReaderFormField, string>> {
  const errors: Partial<Record<CreateReaderFormField, string>> = {};
  for (const [key, message] of Object.entries(serverFields)) {
    const top = key.split('.')[0] ?? key;
    const field = formFieldOfServerField[top] ?? (top in emptyCreateReaderForm ? (top as CreateReaderFormField) : undefined);
    if (field) errors[field] ??= message;
  }
  return errors;
}
