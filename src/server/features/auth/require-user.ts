import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Role } from '@shared/constants';
import type { Auth } from '../../auth/auth';
import { ERROR_CODES, TWO_FACTOR_REQUIRED_MESSAGE } from '@shared/errors';
import { AppError, forbidden, unauthorized } from '../../errors';

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  role: Role;
  isTwoFactorEnabled: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    sessionUser: SessionUser | null;
  }
}

/** Reads the Better Auth session from request headers (cookie); null when signed out. */
export async function readSessionUser(auth: Auth, headers: Record<string, string | string[] | undefined>): Promise<SessionUser | null> {
  const result = await auth.api.getSession({ headers: fromNodeHeaders(headers) });
  if (!result) return null;
  const { id, email, name } = result.user;
  return { id, email, name, role: (result.user as { role?: string }).role as Role, isTwoFactorEnabled: result.user.twoFactorEnabled === true };
}

/** Who is looking at a public page, when it matters what they see (a reader's free minutes): null for a visitor. */
export async function readViewerId(auth: Auth, request: FastifyRequest): Promise<string | null> {
  return (await readSessionUser(auth, request.headers))?.id ?? null;
}

/**
 * An onRequest hook: 401 when signed out, 403 when the role is not one of `roles`. Run before the
 * body is read, so every route answers a signed-out caller alike, whatever it sent.
 */
export function requireUser(auth: Auth, ...roles: Role[]) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const sessionUser = await readSessionUser(auth, request.headers);
    if (!sessionUser) throw unauthorized();
    if (roles.length > 0 && !roles.includes(sessionUser.role)) throw forbidden();
    // An admin moves money: with the requirement on, nothing opens until two-factor sign-in is on.
    if (sessionUser.role === 'admin' && roles.includes('admin') && auth.requiresAdminTwoFactor && !sessionUser.isTwoFactorEnabled) {
      throw new AppError(ERROR_CODES.twoFactorRequired, TWO_FACTOR_REQUIRED_MESSAGE);
    }
    request.sessionUser = sessionUser;
  };
}

/** The signed-in user set by requireUser; calling it elsewhere is a programming error. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.sessionUser) throw unauthorized();
  return request.sessionUser;
}
