import { and, eq, inArray } from 'drizzle-orm';
import type { AdminReader } from '@shared/admin';
import { OPEN_SESSION_STATUSES } from '@shared/sessions';
import type { DbOrTx } from '../../db/client';
import { readerProfiles, readingSessions } from '../../db/schema';
import { notFound } from '../../errors';
import type { AdminCandidate, SessionUser } from '../auth';
import type { SessionDeps } from '../sessions';
import { loadAdminReader } from './admin-reader-view';
import { endSessionAsAdmin } from './end-session-as-admin';
import { restoreUser } from './restore-user';
import { suspendUser } from './suspend-user';

async function assertReader(db: DbOrTx, readerId: string) {
  const [reader] = await db
    .select({ id: readerProfiles.userId })
    .from(readerProfiles)
    .where(eq(readerProfiles.userId, readerId));
  if (!reader) throw notFound('Reader not found');
}

/**
 * Deactivating a reader is suspending their account (user.suspended_at): every sign-in ends at once,
 * signing in answers ACCOUNT_SUSPENDED, they go offline for everyone, requests are refused and
 * public listings leave them out. The suspension comes first, so no new request slips in; then
 * their open reading ends as an admin's end does: an active one completes billed up to this
 * moment, one not yet started is cancelled (docs/decisions/014).
 */
export async function deactivateReader(
  deps: SessionDeps,
  admin: Pick<SessionUser, 'id'> & AdminCandidate,
  readerId: string,
): Promise<AdminReader> {
  await assertReader(deps.db, readerId);
  await suspendUser(deps, admin, readerId);
  const open = await deps.db
    .select({ id: readingSessions.id })
    .from(readingSessions)
    .where(and(eq(readingSessions.readerId, readerId), inArray(readingSessions.status, [...OPEN_SESSION_STATUSES])));
  for (const { id } of open) await endSessionAsAdmin(deps, admin.id, id);
  return loadAdminReader(deps.db, readerId);
}

/** Lets a deactivated reader sign in, be listed and be booked again; they stay offline until they switch Online. */
export async function reactivateReader(deps: SessionDeps, readerId: string): Promise<AdminReader> {
  await assertReader(deps.db, readerId);
  await restoreUser(deps, readerId);
  return loadAdminReader(deps.db, readerId);
}
