import { z } from './zod-config';
import { PASSWORD_MIN_LENGTH, ROLES } from './constants';

export const CREDENTIALS_REQUIRED_MESSAGE =
  'You must provide either an email or phone number and a password';

export const emailSchema = z.string().trim().toLowerCase().email('Enter a valid email address').max(254);

export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(128, 'Password must be at most 128 characters');

export const signInSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, 'Enter your password').max(128),
  rememberMe: z.boolean().optional(),
});
export type SignInInput = z.infer<typeof signInSchema>;

export const nameSchema = z.string().trim().min(1, 'Enter your name').max(100, 'Name must be at most 100 characters');

/** Pictures are shown in <img>: only web addresses, never `javascript:` or `data:` URLs. */
export const imageUrlSchema = z
  .url({ protocol: /^https?$/, error: 'Enter an image address starting with http:// or https://' })
  .max(2000, 'Image address must be at most 2000 characters');

export const signUpSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  password: passwordSchema,
});
export type SignUpInput = z.infer<typeof signUpSchema>;

/** Better Auth's POST /api/auth/update-user, held to the sign-up rules; other fields are refused. */
export const updateUserSchema = z.strictObject({
  name: nameSchema.optional(),
  image: imageUrlSchema.nullable().optional(),
});
export type UpdateUserInput = z.infer<typeof updateUserSchema>;

export const roleSchema = z.enum(ROLES);

export const profileSchema = z.object({
  id: z.string(),
  email: z.string(),
  fullName: z.string(),
  avatarUrl: z.string().nullable(),
  role: z.string(),
  walletBalanceCents: z.number().int(),
  createdAt: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;
