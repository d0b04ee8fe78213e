import { betterAuth } from 'better-auth';
import { twoFactor } from 'better-auth/plugins';
import { APIError } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { getCookies } from 'better-auth/cookies';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Db } from '../db/client';
import * as schema from '../db/schema';
import { PASSWORD_MIN_LENGTH } from '@shared/constants';
import { displayFieldsProblem } from '@shared/auth';
import { ACCOUNT_SUSPENDED_MESSAGE, ERROR_CODES } from '@shared/errors';
import type { OnUserCreated } from '../features/auth/create-user';
import { resetPasswordMail, signUpAttemptMail, verifyEmailMail } from '../features/mail/messages';
import { queueMail } from '../features/mail/queue-mail';
import { sessionOfCookieReader } from './session-of-cookie';
import { passwordHasher } from './password-hasher';

/** A reset link lasts an hour and works once (Better Auth consumes its token). */
export const RESET_PASSWORD_TOKEN_SECONDS = 60 * 60;

export type Auth = ReturnType<typeof createAuth>;

/**
 * Every write of a user through Better Auth (sign-up, update-user, whatever path reached it) holds
 * the display-name and picture rule; the name is stored trimmed.
 */
function checkedUserFields<T extends { name?: unknown; image?: unknown }>(fields: T, isProduction: boolean): T {
  const problem = displayFieldsProblem(fields, isProduction);
  if (problem) throw new APIError('BAD_REQUEST', { code: ERROR_CODES.badRequest, message: problem.message });
  return typeof fields.name === 'string' ? { ...fields, name: fields.name.trim() } : fields;
}

export function createAuth(db: Db, config: Config, clock: Clock, onUserCreated: OnUserCreated) {
  const auth = betterAuth({
    appName: 'Soul Tribe',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    trustedOrigins: config.trustedOrigins,
    // prom-client (/metrics) brings @opentelemetry/api, which switches on Better Auth's spans. With
    // no tracer set up they record nothing, and with them the live-media test's late viewer stayed
    // 'Connecting to the stream…' in 2 runs of 2 (stop 33; off: it got its place).
    experimental: { instrumentation: { enabled: false } },
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
        twoFactor: schema.twoFactor,
      },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: 128,
      password: passwordHasher(config),
      // No session at sign-up: its answer is the same for a new and a taken email (no account
      // enumeration); the verification link signs the new person in.
      autoSignIn: false,
      resetPasswordTokenExpiresIn: RESET_PASSWORD_TOKEN_SECONDS,
      // A reset is what someone does when they fear another person has the password.
      revokeSessionsOnPasswordReset: true,
      // Queued, never sent inline: the answer is the same, and as quick, whether or not the email exists.
      sendResetPassword: async ({ user, token }) => {
        const url = `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
        await queueMail(db, clock, {
          kind: 'reset_password',
          to: user.email,
          content: resetPasswordMail({ name: user.name, url }),
        });
      },
      // Better Auth hashes the password in this branch too, so it takes about as long as a new account.
      onExistingUserSignUp: async ({ user }) => {
        const url = `${config.publicUrl}/reset-password`;
        await queueMail(db, clock, {
          kind: 'sign_up_attempt',
          to: user.email,
          content: signUpAttemptMail({ name: user.name, url }),
        });
      },
    },
    // Verification never blocks signing in with the password (requireEmailVerification stays off):
    // an unverified person uses the product, except a reader's first payout (payouts/request-payout.ts).
    // The link of a first verification signs its person in: it ends a sign-up.
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      sendVerificationEmail: async ({ user, token }) => {
        const url = `${config.publicUrl}/api/auth/verify-email?token=${encodeURIComponent(token)}&callbackURL=${encodeURIComponent('/dashboard')}`;
        await queueMail(db, clock, {
          kind: 'verify_email',
          to: user.email,
          content: verifyEmailMail({ name: user.name, url }),
        });
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
          before: async (created, context) => {
            const [owner] = await db
              .select({ suspendedAt: schema.user.suspendedAt, twoFactorEnabled: schema.user.twoFactorEnabled })
              .from(schema.user)
              .where(eq(schema.user.id, created.userId));
            if (owner?.suspendedAt)
              throw new APIError('FORBIDDEN', {
                code: ERROR_CODES.accountSuspended,
                message: ACCOUNT_SUSPENDED_MESSAGE,
              });
            // A verification link is no second factor: with two-factor on, the email is verified
            // and the person signs in as usual, code included.
            if (context?.path === '/verify-email' && owner?.twoFactorEnabled) throw context.redirect('/login');
          },
        },
      },
      user: {
        create: {
          before: async (created) => ({ data: checkedUserFields(created, config.isProduction) }),
          after: async (created) => {
            await onUserCreated(db, created.id);
          },
        },
        update: {
          before: async (changes) => ({ data: checkedUserFields(changes, config.isProduction) }),
        },
      },
    },
  });
  return Object.assign(auth, {
    /** Admins must have two-factor sign-in on before any admin endpoint answers (REQUIRE_ADMIN_2FA). */
    requiresAdminTwoFactor: config.requireAdminTwoFactor,
    /** The session of a request's Cookie header, without renewing it (session-of-cookie.ts). */
    sessionOfCookie: sessionOfCookieReader(db, {
      secret: config.authSecret,
      cookieName: getCookies(auth.options).sessionToken.name,
    }),
  });
}
