import { fromNodeHeaders } from 'better-auth/node';
import type { AccountSession } from '@shared/account';
import type { Auth } from '../../auth/auth';
import { notFound } from '../../errors';

type Headers = Record<string, string | string[] | undefined>;

/** Where the person is signed in, newest activity first; Better Auth's listSessions without the tokens. */
export async function listSignedInSessions(auth: Auth, headers: Headers): Promise<AccountSession[]> {
  const requestHeaders = fromNodeHeaders(headers);
  const [sessions, current] = await Promise.all([
    auth.api.listSessions({ headers: requestHeaders }),
    auth.api.getSession({ headers: requestHeaders }),
  ]);
  return sessions
    .map((s) => ({
      id: s.id,
      userAgent: s.userAgent ?? null,
      ipAddress: s.ipAddress ?? null,
      createdAt: new Date(s.createdAt).toISOString(),
      lastActiveAt: new Date(s.updatedAt).toISOString(),
      isCurrent: s.id === current?.session.id,
    }))
    .sort((a, b) => Number(b.isCurrent) - Number(a.isCurrent) || b.lastActiveAt.localeCompare(a.lastActiveAt));
}

/** 'Sign out' on one device: Better Auth's revokeSession, found by id among the person's own sessions only. */
export async function signOutSession(auth: Auth, headers: Headers, sessionId: string): Promise<void> {
  const requestHeaders = fromNodeHeaders(headers);
  const sessions = await auth.api.listSessions({ headers: requestHeaders });
  const target = sessions.find((s) => s.id === sessionId);
  if (!target) throw notFound('That sign-in has already ended');
  await auth.api.revokeSession({ headers: requestHeaders, body: { token: target.token } });
}

/** 'Sign out everywhere': every session of the person, this one too (Better Auth's revokeSessions). */
export async function signOutEverywhere(auth: Auth, headers: Headers): Promise<void> {
  await auth.api.revokeSessions({ headers: fromNodeHeaders(headers) });
}
