import { imageUrlSchema, nameSchema, type UpdateUserInput } from '@shared/auth';
import { z } from '@shared/zod-config';

/**
 * The profile form holds the sign-up rules (the server's update-user guard checks the same): an
 * empty picture field removes the picture.
 */
export const profileFormSchema = z.object({
  name: nameSchema,
  image: z
    .string()
    .trim()
    .pipe(z.union([z.literal(''), imageUrlSchema])),
});
export type ProfileFormValues = z.input<typeof profileFormSchema>;

export function toUpdateUserInput(values: z.output<typeof profileFormSchema>): UpdateUserInput {
  return { name: values.name, image: values.image === '' ? null : values.image };
}
