import type { AdminReader, UpdateReaderInput } from '@shared/admin';
import { imageUrlSchema } from '@shared/auth';
import { z } from '@shared/zod-config';
import { type CreateReaderFormField, createReaderFormSchema, toFormFieldErrors } from './create-reader-form';

/**
 * The Edit dialog's form: the Create Reader fields but the account's email and password, held to
 * the same rules. An emptied image address removes the picture (null), where creation leaves it out.
 */
export const editReaderFormSchema = createReaderFormSchema.omit({ email: true, password: true }).extend({
  profileImage: imageUrlSchema.or(z.literal('').transform(() => null)),
});
export type EditReaderFormInput = z.input<typeof editReaderFormSchema>;
export type EditReaderFormOutput = z.output<typeof editReaderFormSchema>;
export type EditReaderFormField = keyof EditReaderFormInput;

const dollars = (cents: number) => (cents / 100).toFixed(2);

/** The reader as the inputs hold them: rates in dollars, specialties one comma-separated text. */
export function toEditReaderForm(reader: AdminReader): EditReaderFormInput {
  return {
    firstName: reader.firstName,
    lastName: reader.lastName,
    username: reader.username,
    yearsExperience: String(reader.yearsExperience),
    chatRate: dollars(reader.chatRateCents),
    audioRate: dollars(reader.audioRateCents),
    videoRate: dollars(reader.videoRateCents),
    profileImage: reader.profileImage ?? '',
    specialties: reader.specialties.join(', '),
    bio: reader.bio,
  };
}

export function toUpdateReaderInput({
  chatRate,
  audioRate,
  videoRate,
  ...rest
}: EditReaderFormOutput): UpdateReaderInput {
  return { ...rest, chatRateCents: chatRate, audioRateCents: audioRate, videoRateCents: videoRate };
}

const isEditField = (field: CreateReaderFormField): field is EditReaderFormField =>
  field !== 'email' && field !== 'password';

/** The server's field messages, each beside its input in the Edit dialog. */
export function toEditFormFieldErrors(serverFields: Record<string, string>): [EditReaderFormField, string][] {
  return toFormFieldErrors(serverFields).filter((entry): entry is [EditReaderFormField, string] =>
    isEditField(entry[0]),
  );
}
