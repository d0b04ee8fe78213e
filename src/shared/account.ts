import { emailSchema, passwordSchema, roleSchema } from './auth';
import { z } from './zod-config';

/** POST /api/auth/request-password-reset: the same answer whether or not the email has an account. */
export const requestPasswordResetSchema = z.object({ email: emailSchema });
export type RequestPasswordResetInput = z.infer<typeof requestPasswordResetSchema>;

/** POST /api/auth/reset-password: the link's token and the new password; success signs the person in. */
export const resetPasswordSchema = z.object({
  token: z.string().trim().min(1, 'This reset link is incomplete. Ask for a new one.').max(200),
  newPassword: passwordSchema,
});
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** The reset page's form: the new password twice. */
export const newPasswordFormSchema = z
  .object({ newPassword: passwordSchema, confirmPassword: z.string().min(1, 'Enter the new password again') })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'The two passwords do not match',
  });
export type NewPasswordForm = z.infer<typeof newPasswordFormSchema>;

export const INVALID_RESET_LINK_MESSAGE = 'This reset link has expired or was already used. Ask for a new one.';

/** The sign-in's second step: six digits from the authenticator app, or one backup code. */
export const totpCodeSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app'),
});
export const backupCodeSchema = z.object({ code: z.string().trim().min(4, 'Enter one of your backup codes').max(64) });
export type TwoFactorCodeInput = z.infer<typeof totpCodeSchema>;

/** Better Auth's verify-totp and verify-backup-code: the code, and whether this device may skip it next time. */
export const verifyTotpSchema = totpCodeSchema.extend({ trustDevice: z.boolean().optional() }).strict();
export const verifyBackupCodeSchema = backupCodeSchema.extend({ trustDevice: z.boolean().optional() }).strict();

/** GET /api/account/status: what the dashboard asks of the person (verify the email, set up two-factor). */
export const accountStatusSchema = z.object({
  emailVerified: z.boolean(),
  twoFactorEnabled: z.boolean(),
  /** True for an admin while REQUIRE_ADMIN_2FA is on: the admin dashboard waits for two-factor. */
  twoFactorRequired: z.boolean(),
});
export type AccountStatus = z.infer<typeof accountStatusSchema>;

/** Better Auth's POST /api/auth/change-password: the current password proves it is the person. */
export const changePasswordSchema = z.strictObject({
  currentPassword: z.string().min(1, 'Enter your current password').max(128),
  newPassword: passwordSchema,
  revokeOtherSessions: z.boolean().optional(),
});

/** Confirming a sensitive change (two-factor on or off, deleting the account) with the password. */
export const passwordConfirmSchema = z.strictObject({ password: z.string().min(1, 'Enter your password').max(128) });
export type PasswordConfirmInput = z.infer<typeof passwordConfirmSchema>;

/** Better Auth's POST /api/auth/two-factor/enable answer: the method (TOTP), the authenticator's URI and ten backup codes. */
export const enableTwoFactorResponseSchema = z.object({
  method: z.literal('totp'),
  totpURI: z.string(),
  backupCodes: z.array(z.string()),
});
export type EnableTwoFactorResponse = z.infer<typeof enableTwoFactorResponseSchema>;

/** One place the person is signed in (GET /api/account/sessions); the session's token never leaves the server. */
export const accountSessionSchema = z.object({
  id: z.string(),
  userAgent: z.string().nullable(),
  ipAddress: z.string().nullable(),
  createdAt: z.string(),
  lastActiveAt: z.string(),
  isCurrent: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;
export const accountSessionListSchema = z.object({ sessions: z.array(accountSessionSchema) });
export type AccountSessionList = z.infer<typeof accountSessionListSchema>;
export const sessionIdParamsSchema = z.object({ id: z.string().min(1).max(200) });

/** GET /api/account/export: a JSON download of what Soul Tribe holds about the person. */
export const accountExportSchema = z.object({
  exportedAt: z.string(),
  profile: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    emailVerified: z.boolean(),
    role: roleSchema,
    image: z.string().nullable(),
    twoFactorEnabled: z.boolean(),
    createdAt: z.string(),
    reader: z.record(z.string(), z.unknown()).nullable(),
  }),
  readings: z.array(z.record(z.string(), z.unknown())),
  messages: z.array(z.object({ sessionId: z.string(), isMine: z.boolean(), content: z.string(), sentAt: z.string() })),
  transactions: z.array(
    z.object({
      id: z.number(),
      account: z.string(),
      direction: z.enum(['in', 'out']),
      amountCents: z.number(),
      kind: z.string(),
      reference: z.string().nullable(),
      at: z.string(),
    }),
  ),
  reviews: z.object({
    given: z.array(
      z.object({
        sessionId: z.string(),
        rating: z.number(),
        review: z.string().nullable(),
        ratedAt: z.string().nullable(),
      }),
    ),
    received: z.array(
      z.object({
        sessionId: z.string(),
        rating: z.number(),
        review: z.string().nullable(),
        ratedAt: z.string().nullable(),
      }),
    ),
  }),
  deposits: z.array(z.object({ id: z.string(), amountCents: z.number(), status: z.string(), at: z.string() })),
  payouts: z.array(
    z.object({
      id: z.string(),
      amountCents: z.number(),
      status: z.string(),
      requestedAt: z.string(),
      decidedAt: z.string().nullable(),
    }),
  ),
  /** Written readings (decision 047) on either side: the question, the answer, the price and how it ended. */
  writtenReadings: z.array(
    z.object({
      id: z.string(),
      as: z.enum(['client', 'reader']),
      question: z.string(),
      answer: z.string().nullable(),
      priceCents: z.number(),
      status: z.string(),
      askedAt: z.string(),
      answeredAt: z.string().nullable(),
      refundedAt: z.string().nullable(),
      rating: z.number().nullable(),
      review: z.string().nullable(),
    }),
  ),
  /** Booked readings (decision 048), as client and as reader. */
  appointments: z.array(
    z.object({
      id: z.string(),
      as: z.enum(['client', 'reader']),
      type: z.string(),
      startsAt: z.string(),
      minutes: z.number(),
      priceCents: z.number(),
      status: z.string(),
      feeCents: z.number(),
      bookedAt: z.string(),
      settledAt: z.string().nullable(),
    }),
  ),
  /** A reader's private notes on clients (decision 068): only their writer's export holds them. */
  clientNotes: z.array(
    z.object({ id: z.string(), clientId: z.string(), text: z.string(), createdAt: z.string(), updatedAt: z.string() }),
  ),
  /** What they wrote before contact details in it were masked (decision 068): the original words are theirs. */
  maskedOriginals: z.array(
    z.object({ context: z.string(), subjectId: z.string(), original: z.string(), at: z.string() }),
  ),
  /** The people this person has blocked, with their own reason. */
  blocks: z.array(z.object({ userId: z.string(), reason: z.string().nullable(), createdAt: z.string() })),
});
export type AccountExport = z.infer<typeof accountExportSchema>;

/** POST /api/account/delete: confirmed with the password; money records stay, anonymized (docs/decisions/028). */
export const deleteAccountSchema = passwordConfirmSchema;
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;
export const DELETED_USER_NAME = 'Deleted user';
