import type { ZodType } from 'zod';
import { z } from '@shared/zod-config';

/**
 * What the OpenAPI document says of a route beyond its own declaration: api-docs.ts fills in each
 * part the route leaves out, so a route that declares its own summary or answer keeps it. Only the
 * document reads these: Better Auth's answers pass through as it sends them (routes.ts), unchecked.
 * Once the auth routes are declared as endpoints (src/shared/api) their entries here go.
 */
export interface RouteDocs {
  summary: string;
  querystring?: ZodType;
  response?: Record<number, ZodType>;
  /** Each entry one way in, by security scheme (api-docs.ts); `{}` is signed out. Default: from the sign-in guard. */
  security?: Record<string, string[]>[];
}

const isoDateTime = z.iso.datetime({ offset: true });

/** A person as Better Auth answers them: its own fields, this app's role and the two-factor plugin's flag. */
const authUserSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    emailVerified: z.boolean(),
    image: z.string().nullable().optional(),
    createdAt: isoDateTime,
    updatedAt: isoDateTime,
    role: z.string().nullable().optional(),
    twoFactorEnabled: z.boolean().nullable().optional(),
  })
  .meta({ id: 'AuthUser' });

/** A sign-in as Better Auth answers it. */
const authSessionSchema = z
  .object({
    id: z.string(),
    token: z.string(),
    userId: z.string(),
    expiresAt: isoDateTime,
    createdAt: isoDateTime,
    updatedAt: isoDateTime,
    ipAddress: z.string().nullable().optional(),
    userAgent: z.string().nullable().optional(),
  })
  .meta({ id: 'AuthSession' });

const statusAnswerSchema = z.object({ status: z.literal(true) });

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

const signInAnswerSchema = z.union([signedInSchema, twoFactorNeededSchema]);

/** A code checked: the session cookie is set (a sign-in's second step) or two-factor is confirmed on. */
const twoFactorVerifiedSchema = z.object({ token: z.string(), user: authUserSchema });

/** Who is signed in, or null for a visitor. */
const getSessionAnswerSchema = z.object({ session: authSessionSchema, user: authUserSchema }).nullable();

/** Anyone; a signed-in caller's session is read when it is there. */
const sessionIfAny: Record<string, string[]>[] = [{}, { session: [] }];

/** Every Better Auth route the app exposes (routes.ts), as the OpenAPI document tells them. */
export const AUTH_ROUTE_DOCS: Record<string, RouteDocs> = {
  'POST /api/auth/sign-up/email': {
    summary: 'Creates an account and mails its verification link, which signs the new person in',
    security: [],
  },
  'POST /api/auth/sign-in/email': {
    summary: 'Signs in with email and password; with two-factor on, asks for a code first',
    response: { 200: signInAnswerSchema },
    security: [],
  },
  'POST /api/auth/two-factor/verify-totp': {
    summary: 'Checks an authenticator code: ends a two-factor sign-in, or confirms two-factor set-up',
    response: { 200: twoFactorVerifiedSchema },
    security: [{ twoFactorChallenge: [] }, { session: [] }],
  },
  'POST /api/auth/two-factor/verify-backup-code': {
    summary: 'Ends a two-factor sign-in with one of the backup codes, which is then used up',
    response: { 200: twoFactorVerifiedSchema },
    security: [{ twoFactorChallenge: [] }, { session: [] }],
  },
  'POST /api/auth/request-password-reset': {
    summary: 'Mails a password reset link, answering alike whether or not the email has an account',
    response: { 200: z.object({ status: z.literal(true), message: z.string() }) },
    security: [],
  },
  'POST /api/auth/reset-password': {
    summary: 'Sets a new password from a reset link, ends every other sign-in and signs this one in',
    response: { 200: z.union([signInAnswerSchema, statusAnswerSchema]) },
    security: [],
  },
  'GET /api/auth/verify-email': {
    summary: 'The mailed verification link: marks the email verified and signs its person in',
    querystring: z.object({
      token: z.string(),
      callbackURL: z.string().optional().describe('Where to go next; the answer is then a redirect there'),
    }),
    response: {
      200: z.object({ status: z.literal(true), user: z.null() }),
      302: z.null().describe('To callbackURL, signed in (or to /login when two-factor sign-in is on)'),
    },
    security: [],
  },
  'POST /api/auth/send-verification-email': {
    summary: 'Mails the verification link again, to the signed-in person’s own address',
    response: { 200: statusAnswerSchema },
  },
  'GET /api/auth/profile': {
    summary: 'The signed-in person’s profile with their wallet balance, or null for a visitor',
    security: sessionIfAny,
  },
  'GET /api/auth/get-session': {
    summary: 'The session and person of the cookie (Better Auth’s own form), or null for a visitor',
    response: { 200: getSessionAnswerSchema },
    security: sessionIfAny,
  },
  'GET /api/auth/list-sessions': {
    summary: 'Every active sign-in of the signed-in person',
    response: { 200: z.array(authSessionSchema) },
  },
  'POST /api/auth/update-user': {
    summary: 'Changes the signed-in person’s display name or picture',
    response: { 200: statusAnswerSchema },
  },
  'POST /api/auth/change-password': {
    summary: 'Changes the password, given the current one',
    response: { 200: z.object({ token: z.string().nullable(), user: authUserSchema }) },
  },
  'POST /api/auth/two-factor/enable': {
    summary: 'Starts two-factor set-up: the authenticator URI and backup codes, confirmed by a first code',
  },
  'POST /api/auth/two-factor/disable': {
    summary: 'Turns two-factor sign-in off, given the password',
    response: { 200: statusAnswerSchema },
  },
  'POST /api/auth/sign-out': {
    summary: 'Signs out, and stops pushes to this device when its endpoint is sent',
    response: { 200: z.object({ success: z.literal(true) }) },
    security: sessionIfAny,
  },
};
