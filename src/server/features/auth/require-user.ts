import { getSessionCookie } from 'better-auth/cookies';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isRole, type Role } from '@shared/constants';
import type { Auth } from '../../auth/auth';
import { ERROR_CODES, TWO_FACTOR_REQUIRED_MESSAGE } from '@shared/errors';
import { AppError, forbidden, unauthorized } from '../../errors';

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  role: Role;
  isTwoFactorEnabled: boolean;
  /** An admin whose powers stay locked: two-factor sign-in is required (REQUIRE_ADMIN_2FA) and off. */
  isAdminLocked: boolean;
}

/** A person signed in on this request, with the sign-in itself: a push subscription is bound to it (decision 059). */
export interface SignedInUser extends SessionUser {
  sessionId: string;
}

/** What the admin gate needs of a caller: the role and whether their powers are locked. */
export type AdminCandidate = Pick<SessionUser, 'role' | 'isAdminLocked'>;

declare module 'fastify' {
  interface FastifyRequest {
    sessionUser: SignedInUser | null;
  }
}

/** The fields of a signed-in person that access needs, as the session lookups read them. */
interface StoredSignIn {
  sessionId: string;
  userId: string;
  email: string;
  name: string;
  role: string | null | undefined;
  twoFactorEnabled: boolean | null | undefined;
}

function signedInUser(
  auth: Auth,
  { sessionId, userId, email, name, role: storedRole, twoFactorEnabled }: StoredSignIn,
): SignedInUser {
  // Only server code writes roles; one that is none of ROLES gets the least a signed-in person may do.
  const role: Role = storedRole && isRole(storedRole) ? storedRole : 'client';
  const isTwoFactorEnabled = twoFactorEnabled === true;
  return {
    id: userId,
    sessionId,
    email,
    name,
    role,
    isTwoFactorEnabled,
    isAdminLocked: role === 'admin' && auth.requiresAdminTwoFactor && !isTwoFactorEnabled,
  };
}

/**
 * The Better Auth session of request headers (cookie), with the cookies Better Auth answers: once a
 * day of use (`session.updateAge`) it renews the session for another `expiresIn` in the database and
 * in the cookie, and an expired session's cookie is cleared. A caller that can sends them on; the
 * page asks `/api/auth/profile` on every load, so an active person stays signed in (read without
 * them, the database was renewed but the browser's cookie lapsed a week after the sign-in).
 */
export async function readSessionUserRenewing(
  auth: Auth,
  headers: Record<string, string | string[] | undefined>,
): Promise<{ user: SignedInUser | null; setCookies: string[] }> {
  const webHeaders = fromNodeHeaders(headers);
  // Better Auth's own check for its session cookie, as its docs do in middleware: without one there
  // is no session, and asking Better Auth anyway was a fifth of an anonymous directory request's CPU.
  if (!getSessionCookie(webHeaders)) return { user: null, setCookies: [] };
  const { headers: answered, response } = await auth.api.getSession({ headers: webHeaders, returnHeaders: true });
  const user = response
    ? signedInUser(auth, { ...response.user, userId: response.user.id, sessionId: response.session.id })
    : null;
  return { user, setCookies: answered.getSetCookie() };
}

/**
 * The signed-in person of request headers (cookie); null when signed out. Read in one statement,
 * renewing nothing (auth/session-of-cookie.ts): every signed-in request and every socket handshake
 * asks it, and the page's profile request renews (readSessionUserRenewing).
 */
export async function readSessionUser(
  auth: Auth,
  headers: Record<string, string | string[] | undefined>,
): Promise<SignedInUser | null> {
  const cookie = Array.isArray(headers.cookie) ? headers.cookie.join('; ') : headers.cookie;
  const found = await auth.sessionOfCookie(cookie);
  return found ? signedInUser(auth, found) : null;
}

/**
 * The one door to an admin's power over other people: their accounts, money, streams and words.
 * Every such path goes through it, over HTTP and on the socket alike (a unit test keeps server code
 * from comparing a caller's role to 'admin' by itself): anyone who is not an admin gets `refusal`,
 * and an admin whose powers are locked gets 403 TWO_FACTOR_REQUIRED, because an admin moves money
 * and takes down what others wrote.
 */
export function assertAdminPower(caller: AdminCandidate, refusal: () => AppError = () => forbidden()): void {
  if (caller.role !== 'admin') throw refusal();
  if (caller.isAdminLocked) throw new AppError(ERROR_CODES.twoFactorRequired, TWO_FACTOR_REQUIRED_MESSAGE);
}

/**
 * Whether a viewer sees what only admins see (hidden posts, hidden products). It never refuses: an
 * admin whose powers are locked sees what everyone sees, so public pages still open for them.
 */
export const seesAsAdmin = (viewer: AdminCandidate | null | undefined): boolean =>
  viewer?.role === 'admin' && !viewer.isAdminLocked;

/** Who is looking at a public page, when it matters what they see (a reader's free minutes): null for a visitor. */
export async function readViewerId(auth: Auth, request: FastifyRequest): Promise<string | null> {
  return (await readSessionUser(auth, request.headers))?.id ?? null;
}

/** Each hook requireUser made, with the roles it lets in (none: anyone signed in). */
const signInGuards = new WeakMap<object, readonly Role[]>();

/**
 * The roles a route's onRequest hook lets in when it is requireUser's sign-in check (an empty list:
 * anyone signed in), else undefined: the API's document reads which routes need the session from it.
 */
export function signInGuardRoles(hook: unknown): readonly Role[] | undefined {
  return typeof hook === 'function' ? signInGuards.get(hook) : undefined;
}

/**
 * An onRequest hook: 401 when signed out, 403 when the role is not one of `roles`, and for an admin
 * let in by their role, the admin gate. Run before the body is read, so every route answers a
 * signed-out caller alike, whatever it sent.
 */
export function requireUser(auth: Auth, ...roles: Role[]) {
  const guard = async (request: FastifyRequest, _reply: FastifyReply) => {
    const sessionUser = await readSessionUser(auth, request.headers);
    if (!sessionUser) throw unauthorized();
    if (roles.length > 0 && !roles.includes(sessionUser.role)) throw forbidden();
    if (roles.includes('admin') && sessionUser.role === 'admin') assertAdminPower(sessionUser);
    request.sessionUser = sessionUser;
  };
  signInGuards.set(guard, roles);
  return guard;
}

/** The signed-in user set by requireUser; calling it elsewhere is a programming error. */
export function currentUser(request: FastifyRequest): SignedInUser {
  if (!request.sessionUser) throw unauthorized();
  return request.sessionUser;
}
