import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodError } from 'zod';
import { fromNodeHeaders } from 'better-auth/node';
import { INVALID_RESET_LINK_MESSAGE, requestPasswordResetSchema, resetPasswordSchema } from '@shared/account';
import { authApi } from '@shared/api/auth';
import { isRecord } from '@shared/records';
import {
  CREDENTIALS_REQUIRED_MESSAGE,
  signInSchema,
  signOutSchema,
  signUpAnswer,
  signUpSchema,
  updateUserSchema,
} from '@shared/auth';
import type { Auth } from '../../auth/auth';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { route } from '../../endpoint-route';
import { AppError, badRequest, fieldErrors } from '../../errors';
import { ipOf, type LimitRule, limitBy } from '../../rate-limits';
import { getProfile, type WalletBalanceOf } from './profile';
import { findResetAccount } from './reset-account';
import { currentUser, readSessionUser, readSessionUserRenewing } from './require-user';

/**
 * For a handler that checks the body itself, so a refusal keeps its own message: Fastify's failed
 * check of the endpoint's body is only attached to the request, never thrown.
 */
const bodyCheckedByHandler = { attachValidation: true };

function emailOf(request: FastifyRequest): string {
  const { body } = request;
  return isRecord(body) && typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
}

/** Copies a fetch Request's answer onto the Fastify reply, keeping every Set-Cookie header. */
async function forwardToAuth(auth: Auth, request: FastifyRequest, body: unknown) {
  const url = new URL(request.url, `http://${request.headers.host ?? 'localhost'}`);
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    headers.set(key, Array.isArray(value) ? value.join(', ') : value);
  }
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  if (hasBody) headers.set('content-type', 'application/json');
  headers.delete('content-length');
  return auth.handler(
    new Request(url, { method: request.method, headers, body: hasBody ? JSON.stringify(body ?? {}) : undefined }),
  );
}

export interface AuthRouteDeps {
  auth: Auth;
  db: Db;
  config: Config;
  walletBalanceOf: WalletBalanceOf;
  /** Forgets the person's device with this push endpoint (the notifications feature's, handed in as the wallet step is). */
  forgetPushDevice: (userId: string, endpoint: string) => Promise<unknown>;
}

/**
 * Better Auth's routes that the app exposes, each declared in src/shared/api/auth.ts and registered
 * from it, behind this server's own checks. Better Auth answers only these (no catch-all): one it has
 * that the app does not use (change-email, unlink-account, …) answers 404, so no guard can be walked
 * around through it (decision 033).
 */
export async function authRoutes(app: FastifyInstance, deps: AuthRouteDeps) {
  const { auth, db, config } = deps;
  const api = { app, auth };
  const { windowMs, ipMax, accountMax } = config.authRateLimit;
  const emailKey = (prefix: string) => (request: FastifyRequest) => {
    const email = emailOf(request);
    return email ? `${prefix}${email}` : undefined;
  };
  // One count per IP over every way in (sign-in, sign-up, reset, codes, mails); one per address for
  // each kind, so asking for reset links never locks the account's sign-in, nor the reverse.
  const perIp: LimitRule = { name: 'auth-ip', max: ipMax, windowMs, keyOf: ipOf };
  const perAccount: LimitRule = { name: 'sign-in-account', max: accountMax, windowMs, keyOf: emailKey('') };
  const perSignUpEmail: LimitRule = { name: 'sign-up-email', max: accountMax, windowMs, keyOf: emailKey('') };
  const perResetEmail: LimitRule = { name: 'reset-email', max: accountMax, windowMs, keyOf: emailKey('') };
  const perVerifyEmail: LimitRule = {
    name: 'verify-email',
    max: accountMax,
    windowMs,
    keyOf: (request) => request.sessionUser?.email,
  };
  const perCodeIp: LimitRule = { name: 'two-factor-ip', max: accountMax, windowMs, keyOf: ipOf };
  /** Better Auth answers the request as it came, its body as Fastify checked it against the endpoint. */
  const passedToAuth = async (request: FastifyRequest, reply: FastifyReply) =>
    sendAuthResponse(reply, await forwardToAuth(auth, request, request.body));

  route(
    api,
    authApi.signIn,
    { ...bodyCheckedByHandler, preHandler: limitBy(app, perIp, perAccount) },
    async (request, reply) => {
      const parsed = signInSchema.safeParse(request.body ?? {});
      if (!parsed.success) throw badRequest(CREDENTIALS_REQUIRED_MESSAGE, fieldErrors(parsed.error.issues));
      return sendAuthResponse(reply, await forwardToAuth(auth, request, parsed.data));
    },
  );

  // The answer never says whether the email has an account; the limits slow anyone fishing for one.
  route(
    api,
    authApi.requestPasswordReset,
    { ...bodyCheckedByHandler, preHandler: limitBy(app, perIp, perResetEmail) },
    async (request, reply) => {
      const parsed = requestPasswordResetSchema.safeParse(request.body ?? {});
      if (!parsed.success) throw invalidDetails(parsed.error, 'Enter a valid email address');
      return sendAuthResponse(reply, await forwardToAuth(auth, request, parsed.data));
    },
  );

  route(
    api,
    authApi.resetPassword,
    { ...bodyCheckedByHandler, preHandler: limitBy(app, perIp) },
    async (request, reply) => {
      const parsed = resetPasswordSchema.safeParse(request.body ?? {});
      if (!parsed.success) throw invalidDetails(parsed.error, 'Invalid new password');
      const resetFor = await findResetAccount(auth, db, parsed.data.token);
      const reset = await forwardToAuth(auth, request, parsed.data);
      if (!reset.ok) {
        if (reset.status === 400)
          throw new AppError('BAD_REQUEST', INVALID_RESET_LINK_MESSAGE, { token: INVALID_RESET_LINK_MESSAGE });
        return sendAuthResponse(reply, reset);
      }
      // Every other sign-in ended with the reset (revokeSessionsOnPasswordReset); this one begins,
      // through the ordinary sign-in so two-factor and suspension still apply.
      if (!resetFor) return sendAuthResponse(reply, reset);
      const signedIn = await auth.api.signInEmail({
        body: { email: resetFor.email, password: parsed.data.newPassword },
        headers: fromNodeHeaders(request.headers),
        asResponse: true,
      });
      return sendAuthResponse(reply, signedIn.ok ? signedIn : reset);
    },
  );

  // The sign-in's second step: a six-digit code is guessable, so attempts are limited per IP too.
  for (const endpoint of [authApi.verifyTotp, authApi.verifyBackupCode])
    route(api, endpoint, { preHandler: limitBy(app, perIp, perCodeIp) }, passedToAuth);

  // 'Send it again' from the dashboard's banner: always to the signed-in person's own address.
  route(
    api,
    authApi.sendVerificationEmail,
    { preHandler: limitBy(app, perIp, perVerifyEmail) },
    async (request, reply) => {
      const { email } = currentUser(request);
      return sendAuthResponse(reply, await forwardToAuth(auth, request, { email, callbackURL: '/dashboard' }));
    },
  );

  route(
    api,
    authApi.signUp,
    { ...bodyCheckedByHandler, preHandler: limitBy(app, perIp, perSignUpEmail) },
    async (request, reply) => {
      const parsed = signUpSchema.safeParse(request.body ?? {});
      if (!parsed.success) throw invalidDetails(parsed.error, 'Invalid sign-up details');
      const signedUp = await forwardToAuth(auth, request, parsed.data);
      // Better Auth's body holds a made-up user for a taken email; ours is the same for both.
      return signedUp.ok ? reply.send(signUpAnswer(config.mail.isMailboxReadable)) : sendAuthResponse(reply, signedUp);
    },
  );

  // Better Auth checks only types here: an empty or huge name, or a `javascript:` image, would pass.
  route(api, authApi.updateUser, bodyCheckedByHandler, async (request, reply) => {
    const parsed = updateUserSchema.safeParse(request.body ?? {});
    if (!parsed.success) throw invalidDetails(parsed.error, 'Invalid profile details');
    return sendAuthResponse(reply, await forwardToAuth(auth, request, parsed.data));
  });

  // "Who am I?" has two ordinary answers: a visitor is `null`, not a 401, so no signed-out page logs
  // an error (as Better Auth's own get-session answers). Every other signed-in route still says 401.
  route(api, authApi.profile, async (request, reply) => {
    const { user: sessionUser, setCookies } = await readSessionUserRenewing(auth, request.headers);
    if (setCookies.length > 0) reply.header('set-cookie', setCookies);
    if (!sessionUser) return null;
    return getProfile(db, sessionUser.id, deps.walletBalanceOf);
  });

  // Better Auth's endpoints for the signed-in user check the body before the session; ours is
  // checked first (the endpoint's access), so a signed-out caller gets 401 here as on every route.
  for (const endpoint of [
    authApi.changePassword,
    authApi.listSessions,
    // Two-factor set-up (decision 028); its verify-totp also ends a sign-in, so that one stays open.
    authApi.enableTwoFactor,
    authApi.disableTwoFactor,
  ])
    route(api, endpoint, passedToAuth);

  // The verification link in the sign-up mail, and the session read that Better Auth's own clients use.
  for (const endpoint of [authApi.verifyEmail, authApi.getSession]) route(api, endpoint, passedToAuth);

  // The device signed out of takes no more pushes: its endpoint, sent by the web app, is forgotten
  // first (its own person's only); devices subscribed under this session go with the session.
  route(api, authApi.signOut, bodyCheckedByHandler, async (request, reply) => {
    const parsed = signOutSchema.safeParse(request.body ?? {});
    if (!parsed.success) throw invalidDetails(parsed.error, 'Invalid push endpoint');
    const { endpoint } = parsed.data;
    const sessionUser = endpoint ? await readSessionUser(auth, request.headers) : null;
    if (sessionUser && endpoint) await deps.forgetPushDevice(sessionUser.id, endpoint);
    return sendAuthResponse(reply, await forwardToAuth(auth, request, {}));
  });
}

function invalidDetails(error: ZodError, fallback: string) {
  const fields = fieldErrors(error.issues);
  return badRequest(Object.values(fields)[0] ?? fallback, fields);
}

/**
 * Better Auth's answer onto the reply, as it sent it. A success goes out as its text, which Fastify
 * sends as is: the endpoint's response schema describes it (the OpenAPI document, the web's parse in
 * development) but the response serializer, which checks only objects, never sees it, so an answer
 * the schema did not foresee reaches the caller rather than turning into a 500. Only an error is
 * rewritten, into this API's one error shape.
 */
export async function sendAuthResponse(reply: FastifyReply, response: Response) {
  reply.status(response.status);
  for (const [key, value] of response.headers) {
    if (key === 'set-cookie' || key === 'content-length') continue;
    reply.header(key, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  const text = await response.text();
  // Better Auth's errors are `{ code, message }`, or no body at all (an unknown path); ours are
  // always `{ error: { code, message } }`.
  if (response.status >= 400) {
    let body: { code?: unknown; message?: unknown } = {};
    try {
      body = text ? JSON.parse(text) : {};
    } catch {
      // Plain text: the status alone says what went wrong.
    }
    const isNotFound = response.status === 404;
    return reply.type('application/json').send({
      error: {
        code: typeof body.code === 'string' ? body.code : isNotFound ? 'NOT_FOUND' : 'AUTH_ERROR',
        message: typeof body.message === 'string' ? body.message : isNotFound ? 'Not found' : 'Authentication failed',
      },
    });
  }
  if (!text) return reply.send();
  return reply.send(text);
}
