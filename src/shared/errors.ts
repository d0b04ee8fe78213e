import { z } from './zod-config';

/**
 * Every API error body: `{ error: { code, message, fields? } }`. Loose: some errors carry facts
 * beside code and message (a 429's retryAfterSeconds, a 409's new rate), and the server checks
 * every error answer against this schema, which must not strip them.
 */
export const apiErrorSchema = z
  .object({
    error: z.looseObject({
      code: z.string(),
      message: z.string(),
      fields: z.record(z.string(), z.string()).optional(),
    }),
  })
  .meta({ id: 'ApiError' });

/** A 204's empty body, so the document says there is none. */
export const noContentSchema = z.undefined().describe('No content');
export type ApiError = z.infer<typeof apiErrorSchema>['error'];

export { ERROR_CODES, type ErrorCode } from './error-codes';

export const TWO_FACTOR_REQUIRED_MESSAGE = 'Turn on two-factor sign-in to use the admin dashboard.';
export const EMAIL_NOT_VERIFIED_MESSAGE = 'Verify your email before your first payout. We sent you a link; you can send it again from your dashboard.';

export const ACCOUNT_SUSPENDED_MESSAGE = 'This account has been suspended. Please contact support.';
