import { eq } from 'drizzle-orm';
import type { AccountStatus } from '@shared/account';
import type { DbOrTx } from '../../db/client';
import { user } from '../../db/schema';
import { notFound } from '../../errors';

export async function getAccountStatus(
  db: DbOrTx,
  userId: string,
  options: { requiresAdminTwoFactor: boolean },
): Promise<AccountStatus> {
  const [row] = await db
    .select({ emailVerified: user.emailVerified, twoFactorEnabled: user.twoFactorEnabled, role: user.role })
    .from(user)
    .where(eq(user.id, userId));
  if (!row) throw notFound('User not found');
  return {
    emailVerified: row.emailVerified,
    twoFactorEnabled: row.twoFactorEnabled,
    twoFactorRequired: row.role === 'admin' && options.requiresAdminTwoFactor,
  };
}
