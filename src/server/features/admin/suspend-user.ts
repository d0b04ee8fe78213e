import { eq } from 'drizzle-orm';
import { SERVER_EVENTS } from '@shared/realtime';
import type { AdminUser } from '@shared/admin';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { readerProfiles, session, user } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../errors';
import type { Realtime } from '../../realtime/realtime';
import type { AdminCandidate, SessionUser } from '../auth';
import { endLiveStreamsOf } from '../live';
import { loadAdminUser } from './admin-user-view';

/**
 * Suspends an account: its sign-ins end at once (sessions deleted, sockets dropped), a reader goes
 * offline and off the air, and signing in again is refused (the auth session hook). Admins are not suspended here,
 * so no admin can lock out the others or themselves.
 */
export async function suspendUser(
  deps: { db: Db; realtime: Realtime; clock: Clock; onStreamEnded?: (streamId: string) => void },
  admin: Pick<SessionUser, 'id'> & AdminCandidate,
  userId: string,
): Promise<AdminUser> {
  const adminId = admin.id;
  const now = new Date(deps.clock.now());
  const isReader = await deps.db.transaction(async (tx) => {
    const [target] = await tx
      .select({ role: user.role, suspendedAt: user.suspendedAt })
      .from(user)
      .where(eq(user.id, userId))
      .for('update');
    if (!target) throw notFound('User not found');
    if (userId === adminId) throw conflict('You cannot suspend your own account');
    if (target.role === 'admin') throw forbidden('Admin accounts cannot be suspended');
    if (!target.suspendedAt) await tx.update(user).set({ suspendedAt: now, updatedAt: now }).where(eq(user.id, userId));
    await tx.delete(session).where(eq(session.userId, userId));
    const offline = await tx
      .update(readerProfiles)
      .set({ isOnline: false, updatedAt: now })
      .where(eq(readerProfiles.userId, userId))
      .returning({ id: readerProfiles.userId });
    return offline.length > 0;
  });
  deps.realtime.disconnectUser(userId);
  if (isReader) {
    deps.realtime.toReaderWatchers(userId, SERVER_EVENTS.readerStatus, { readerId: userId, isOnline: false });
    await endLiveStreamsOf(deps, userId, admin);
  }
  return loadAdminUser(deps.db, userId);
}
