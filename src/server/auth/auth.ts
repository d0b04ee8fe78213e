import { betterAuth } from 'better-auth';
import { APIError } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import type { Config } from '../config';
import type { Db } from '../db/client';
import * as schema from '../db/schema';
import { PASSWORD_MIN_LENGTH } from '@shared/constants';
import { ACCOUNT_SUSPENDED_MESSAGE, ERROR_CODES } from '@shared/errors';
import { createWallet } from '../features/wallet/ledger';

export type Auth = ReturnType<typeof createAuth>;

export function createAuth(db: Db, config: Config) {
  return betterAuth({
    appName: 'Soul Tribe',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    trustedOrigins: config.trustedOrigins,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: schema.user, session: schema.session, account: schema.account, verification: schema.verification },
    }),
    emailAndPassword: { enabled: true, minPasswordLength: PASSWORD_MIN_LENGTH, maxPasswordLength: 128, autoSignIn: true },
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
}
