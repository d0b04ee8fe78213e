import { type CreateReaderInput, createReaderSchema } from '@shared/readers';
import { z } from '@shared/zod-config';
import { dollarRateSchema } from '../reader/rates-form';

const { shape } = createReaderSchema;

/** "Tarot,  Astrology , ,Dreams" → ["Tarot", "Astrology", "Dreams"] (SPEC.md §5: comma-separated, trimmed). */
export function splitSpecialties(text: string): string[] {
  return text
    .split(',')
    .map((specialty) => specialty.trim())
    .filter((specialty) => specialty.length > 0);
}

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
  yearsExperience: z
    .string()
    .trim()
    .min(1, 'Enter the years of experience')
    .regex(/^\d+$/, 'Enter whole years, like 5')
    .transform(Number)
    .pipe(shape.yearsExperience),
  chatRate: dollarRateSchema,
  audioRate: dollarRateSchema,
  videoRate: dollarRateSchema,
  profileImage: shape.profileImage,
  // One message on the field itself: the input is a single text, so a per-item path would point nowhere.
  specialties: z.string().transform((text, ctx) => {
    const parsed = shape.specialties.safeParse(splitSpecialties(text));
    if (parsed.success) return parsed.data;
    ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? 'Check the specialties' });
    return z.NEVER;
  }),
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
