import { betterAuth } from 'better-auth';
import { twoFactor } from 'better-auth/plugins';
import { APIError } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Db } from '../db/client';
import * as schema from '../db/schema';
import { PASSWORD_MIN_LENGTH } from '@shared/constants';
import { ACCOUNT_SUSPENDED_MESSAGE, ERROR_CODES } from '@shared/errors';
import { resetPasswordMail, verifyEmailMail } from '../features/mail/messages';
import { queueMail } from '../features/mail/queue-mail';
import { createWallet } from '../features/wallet/ledger';

/** A reset link lasts an hour and works once (Better Auth consumes its token). */
export const RESET_PASSWORD_TOKEN_SECONDS = 60 * 60;

export type Auth = ReturnType<typeof createAuth>;

export function createAuth(db: Db, config: Config, clock: Clock) {
  const auth = betterAuth({
    appName: 'Soul Tribe',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    trustedOrigins: config.trustedOrigins,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: schema.user, session: schema.session, account: schema.account, verification: schema.verification, twoFactor: schema.twoFactor },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: 128,
      autoSignIn: true,
      resetPasswordTokenExpiresIn: RESET_PASSWORD_TOKEN_SECONDS,
      // A reset is what someone does when they fear another person has the password.
      revokeSessionsOnPasswordReset: true,
      // Queued, never sent inline: the answer is the same, and as quick, whether or not the email exists.
      sendResetPassword: async ({ user, token }) => {
        const url = `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
        await queueMail(db, clock, { kind: 'reset_password', to: user.email, content: resetPasswordMail({ name: user.name, url }) });
      },
    },
    // Verification never blocks signing in (requireEmailVerification stays off): an unverified
    // person uses the product, except a reader's first payout (payouts/request-payout.ts).
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: false,
      sendVerificationEmail: async ({ user, token }) => {
        const url = `${config.publicUrl}/api/auth/verify-email?token=${encodeURIComponent(token)}&callbackURL=${encodeURIComponent('/dashboard')}`;
        await queueMail(db, clock, { kind: 'verify_email', to: user.email, content: verifyEmailMail({ name: user.name, url }) });
      },
    },
    plugins: [twoFactor({ issuer: 'Soul Tribe' })],
    user: {
      additionalFields: {
        // Only server code sets roles: sign-ups are clients, readers come from an admin.
        role: { type: 'string', required: false, defaultValue: 'client', input: false },
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 7,
      updateAge: 60 * 60 * 24,
      cookieCache: { enabled: false },
    },
    // Sign-in and sign-up are limited per IP and per account by our own hook (auth/rate-limit.ts).
    rateLimit: { enabled: false },
    advanced: {
      useSecureCookies: config.publicUrl.startsWith('https://'),
      // Better Auth skips its CSRF origin check when it detects a test run; tests must see the real one.
      disableOriginCheck: false,
    },
    telemetry: { enabled: false },
    // A reset asked for an unknown email is an ordinary answer, not a warning worth a log line.
    logger: { level: 'error' },
    databaseHooks: {
      // Every way in creates a session, so refusing it here refuses them all for a suspended account.
      session: {
        create: {
          before: async (created) => {
            const [owner] = await db.select({ suspendedAt: schema.user.suspendedAt }).from(schema.user).where(eq(schema.user.id, created.userId));
            if (owner?.suspendedAt) throw new APIError('FORBIDDEN', { code: ERROR_CODES.accountSuspended, message: ACCOUNT_SUSPENDED_MESSAGE });
          },
        },
      },
      user: {
        create: {
          after: async (created) => {
            await createWallet(db, created.id);
          },
        },
      },
    },
  });
  return Object.assign(auth, {
    /** Admins must have two-factor sign-in on before any admin endpoint answers (REQUIRE_ADMIN_2FA). */
    requiresAdminTwoFactor: config.requireAdminTwoFactor,
  });
}
