import { and, eq, isNull } from 'drizzle-orm';
import type { AdminUser } from '@shared/admin';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { user } from '../../db/schema';
import { notFound } from '../../errors';
import { loadAdminUser } from './admin-user-view';

/** Lifts a suspension: the user may sign in again; a reader comes back offline until they switch Online. */
export async function restoreUser(deps: { db: Db; clock: Clock }, userId: string): Promise<AdminUser> {
  const now = new Date(deps.clock.now());
  // A deleted account stays suspended for good: that is what keeps its anonymized rows off every listing.
  const restored = await deps.db
    .update(user)
    .set({ suspendedAt: null, updatedAt: now })
    .where(and(eq(user.id, userId), isNull(user.deletedAt)))
    .returning({ id: user.id });
  if (restored.length === 0) throw notFound('User not found');
  return loadAdminUser(deps.db, userId);
}
