import { eq } from 'drizzle-orm';
import type { Auth } from '../../auth/auth';
import type { Db } from '../../db/client';
import { user } from '../../db/schema';

/** Whose password a reset token changes, read before Better Auth consumes it; undefined for a bad token. */
export async function findResetAccount(auth: Auth, db: Db, token: string): Promise<{ email: string } | undefined> {
  const context = await auth.$context;
  const verification = await context.internalAdapter.findVerificationValue(`reset-password:${token}`);
  if (!verification) return undefined;
  const [owner] = await db.select({ email: user.email }).from(user).where(eq(user.id, verification.value));
  return owner;
}
