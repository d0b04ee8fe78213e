import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { user } from '../../db/schema';
import { createUserWithPassword, type OnUserCreated } from './create-user';
import type { PasswordHasher } from '../../auth/password-hasher';

/**
 * Makes sure the configured admin exists and is an admin. An existing account with that email is
 * promoted; its password is left alone so a changed password is not reset at every start.
 */
export async function ensureAdmin(
  db: Db,
  admin: { email: string; password: string },
  now: Date,
  onUserCreated: OnUserCreated,
  hasher: PasswordHasher,
): Promise<'created' | 'existing'> {
  return db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: user.id, role: user.role }).from(user).where(eq(user.email, admin.email));
    if (existing) {
      if (existing.role !== 'admin')
        await tx.update(user).set({ role: 'admin', updatedAt: now }).where(eq(user.id, existing.id));
      return 'existing';
    }
    // Hashed only when the account is made: every start finds it after the first (0.1 s of CPU each).
    const passwordHash = await hasher.hash(admin.password);
    await createUserWithPassword(
      tx,
      { email: admin.email, passwordHash, name: 'Admin', role: 'admin', now },
      onUserCreated,
    );
    return 'created';
  });
}
