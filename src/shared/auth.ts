import { z } from './zod-config';
import { PASSWORD_MIN_LENGTH, ROLES } from './constants';
import { pushSubscriptionDeleteSchema } from './notification-preferences';

export const CREDENTIALS_REQUIRED_MESSAGE = 'You must provide either an email or phone number and a password';

export const emailSchema = z.string().trim().toLowerCase().email('Enter a valid email address').max(254);

export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(128, 'Password must be at most 128 characters');

/**
 * POST /api/auth/sign-out: this browser's push endpoint when it has one, so the device takes no more
 * pushes once signed out of (decision 059); the session's end forgets the devices subscribed under it.
 */
export const signOutSchema = pushSubscriptionDeleteSchema.partial();
export type SignOutInput = z.infer<typeof signOutSchema>;

export const signInSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, 'Enter your password').max(128),
  rememberMe: z.boolean().optional(),
});
export type SignInInput = z.infer<typeof signInSchema>;

/** A display name is copied into chat messages, reading requests and the gift board: short, whatever route sets it. */
export const DISPLAY_NAME_MAX_LENGTH = 60;

export const nameSchema = z
  .string()
  .trim()
  .min(1, 'Enter your name')
  .max(DISPLAY_NAME_MAX_LENGTH, `Name must be at most ${DISPLAY_NAME_MAX_LENGTH} characters`);

/** Pictures are shown in <img>: only web addresses, never `javascript:` or `data:` URLs. */
export const imageUrlSchema = z
  .url({ protocol: /^https?$/, error: 'Enter an image address starting with http:// or https://' })
  .max(2000, 'Image address must be at most 2000 characters');

export const HTTPS_IMAGE_MESSAGE = 'Enter an image address starting with https://';

/**
 * The picture rule of a deployment: production pages are https, where an http picture is mixed
 * content. Every server route that sets a picture checks it with this, whatever its form checked.
 */
export function imageUrlSchemaFor(isProduction: boolean) {
  return isProduction
    ? imageUrlSchema.refine((url) => new URL(url).protocol === 'https:', HTTPS_IMAGE_MESSAGE)
    : imageUrlSchema;
}

/**
 * The first problem with a display name or picture about to be stored, or null; only the fields
 * given are checked (null clears a picture). Server code that writes `user.name`, `user.image` or a
 * reader's picture calls this, so every route holds the same rule.
 */
export function displayFieldsProblem(
  fields: { name?: unknown; image?: unknown },
  isProduction: boolean,
): { field: 'name' | 'image'; message: string } | null {
  if (fields.name !== undefined) {
    const name = nameSchema.safeParse(fields.name);
    if (!name.success) return { field: 'name', message: name.error.issues[0]!.message };
  }
  if (fields.image !== undefined && fields.image !== null) {
    const image = imageUrlSchemaFor(isProduction).safeParse(fields.image);
    if (!image.success) return { field: 'image', message: image.error.issues[0]!.message };
  }
  return null;
}

export const signUpSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  password: passwordSchema,
});
export type SignUpInput = z.infer<typeof signUpSchema>;

/**
 * POST /api/auth/sign-up/email answers this, the same for a new email and a taken one, and signs
 * no one in: the new person's verification mail signs them in, the owner of a taken one is told.
 */
export const signUpAnswerSchema = z.object({
  status: z.literal('verification_sent'),
  /** Outside production mail stays in the local mailbox (/dev/mailbox): the page points there. */
  isMailboxReadable: z.boolean(),
});
export type SignUpAnswer = z.infer<typeof signUpAnswerSchema>;

export function signUpAnswer(isMailboxReadable: boolean): SignUpAnswer {
  return { status: 'verification_sent', isMailboxReadable };
}

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
  // Any string, not roleSchema: the dashboard answers a role it does not know with 'Invalid user
  // role' and a way to sign in again (SPEC section 2), rather than failing to read the profile.
  role: z.string(),
  walletBalanceCents: z.number().int(),
  /** Promotional credit a charge may spend now, apart from the cash (decision 066): what a client can spend is both. */
  creditCents: z.number().int(),
  createdAt: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

/** GET /api/auth/profile: a visitor is null, not a 401, so no signed-out page logs a failed request. */
export const profileAnswerSchema = profileSchema.nullable();

// Better Auth's own answers (src/shared/api/auth.ts), as it sends them: its routes pass them through
// unchanged (server features/auth/routes.ts), so these describe its wire format, dates as ISO strings.

const isoDateTime = z.iso.datetime({ offset: true });

/** A person as Better Auth answers them: its own fields, this app's role and the two-factor plugin's flag. */
export const authUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  image: z.string().nullable().optional(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  role: z.string().nullable().optional(),
  twoFactorEnabled: z.boolean().nullable().optional(),
});

/** A sign-in as Better Auth answers it. */
export const authSessionSchema = z.object({
  id: z.string(),
  token: z.string(),
  userId: z.string(),
  expiresAt: isoDateTime,
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  ipAddress: z.string().nullable().optional(),
  userAgent: z.string().nullable().optional(),
});

export const authSessionListSchema = z.array(authSessionSchema);

/** Who is signed in, or null for a visitor. */
export const getSessionAnswerSchema = z.object({ session: authSessionSchema, user: authUserSchema }).nullable();

/** Better Auth's answer when a change is done and there is nothing more to say. */
export const authStatusAnswerSchema = z.object({ status: z.literal(true) });

/** Signed in: the session cookie is set, and the answer names the person. */
const signedInSchema = z.object({
  redirect: z.boolean(),
  token: z.string(),
  url: z.string().optional(),
  user: authUserSchema,
});

/** Two-factor sign-in is on: no session yet, the two_factor cookie is set, a code goes to verify-totp. */
const twoFactorNeededSchema = z.object({
  twoFactorRedirect: z.literal(true),
  twoFactorMethods: z.array(z.enum(['totp', 'otp'])),
});

export const signInAnswerSchema = z.union([signedInSchema, twoFactorNeededSchema]);

/** A password reset signs its person in as a sign-in does; without an account to sign in, only the status. */
export const resetPasswordAnswerSchema = z.union([signInAnswerSchema, authStatusAnswerSchema]);
export type ResetPasswordAnswer = z.infer<typeof resetPasswordAnswerSchema>;

/** The same answer whether or not the email has an account. */
export const passwordResetRequestedSchema = z.object({ status: z.literal(true), message: z.string() });

/** A code checked: the session cookie is set (a sign-in's second step) or two-factor is confirmed on. */
export const twoFactorVerifiedSchema = z.object({ token: z.string(), user: authUserSchema });

/** A new password set: the new session's token when other sign-ins were ended with it. */
export const changePasswordAnswerSchema = z.object({ token: z.string().nullable(), user: authUserSchema });

/** The mailed verification link's query. */
export const verifyEmailQuerySchema = z.object({
  token: z.string(),
  callbackURL: z.string().optional().describe('Where to go next; the answer is then a redirect there'),
});

/** The link followed without a callbackURL: the email is verified, and the session cookie set. */
export const verifyEmailAnswerSchema = z.object({ status: z.literal(true), user: z.null() });

export const verifyEmailRedirectSchema = z
  .null()
  .describe('To callbackURL, signed in (or to /login when two-factor sign-in is on)');

export const signOutAnswerSchema = z.object({ success: z.literal(true) });
