import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { session, user } from '../db/schema';

/** The value of the first cookie named `name` in a Cookie header, decoded, as Better Auth's own parser takes it. */
function cookieValue(header: string, name: string): string | null {
  for (const pair of header.split(';')) {
    const eq = pair.indexOf('=');
    if (eq === -1 || pair.slice(0, eq).trim() !== name) continue;
    const raw = pair.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
}

/**
 * The session token of a signed cookie value (`token.signature`, the signature an HMAC-SHA256 of
 * the token with the auth secret in base64), or null when the signature is not ours. The same rule
 * as Better Auth's (better-call's getSignedCookie), with Node's synchronous HMAC.
 */
function verifiedToken(value: string, secret: string): string | null {
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = value.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith('=')) return null;
  const given = Buffer.from(signature, 'base64');
  const expected = createHmac('sha256', secret).update(token).digest();
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

/**
 * Reads the session of a Cookie header in one prepared statement: the signature checked here, then
 * the session with its person by token, unexpired. Better Auth's getSession reads the same two rows
 * in 2–3 statements behind its endpoint machinery: 2.4–5.3 ms of CPU a Socket.IO handshake and the
 * most of a signed-in request's (decision 065, 'Stop 46'). It renews nothing: renewal (`session.updateAge`) and an
 * expired cookie's clearing stay with Better Auth, on the page's profile request
 * (readSessionUserRenewing). Expiry is on the wall clock, as Better Auth sets and checks it.
 */
export function sessionOfCookieReader(db: Db, { secret, cookieName }: { secret: string; cookieName: string }) {
  const byToken = db
    .select({
      sessionId: session.id,
      userId: user.id,
      email: user.email,
      name: user.name,
      role: user.role,
      twoFactorEnabled: user.twoFactorEnabled,
    })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(and(eq(session.token, sql.placeholder('token')), gte(session.expiresAt, sql.placeholder('now'))))
    .prepare('session_of_cookie');
  // What a request's session cookie says: the session and the fields of its person that access needs.
  return async (cookieHeader: string | undefined) => {
    const value = cookieHeader ? cookieValue(cookieHeader, cookieName) : null;
    const token = value ? verifiedToken(value, secret) : null;
    if (!token) return null;
    const [row] = await byToken.execute({ token, now: new Date() });
    return row ?? null;
  };
}
