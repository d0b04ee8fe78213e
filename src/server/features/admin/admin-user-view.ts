import { and, eq } from 'drizzle-orm';
import type { AdminUser } from '@shared/admin';
import type { DbOrTx } from '../../db/client';
import { ledgerAccounts, user } from '../../db/schema';
import { notFound } from '../../errors';

/** Accounts with their wallet balance, as the admin's users tab shows them. */
export function selectAdminUsers(db: DbOrTx) {
  return db
    .select({
      id: user.id,
      name: user.name,
      email: user.email,
      role: user.role,
      createdAt: user.createdAt,
      suspendedAt: user.suspendedAt,
      walletBalanceCents: ledgerAccounts.balanceCents,
    })
    .from(user)
    .leftJoin(ledgerAccounts, and(eq(ledgerAccounts.userId, user.id), eq(ledgerAccounts.kind, 'wallet')));
}

type AdminUserRow = Awaited<ReturnType<typeof selectAdminUsers>>[number];

export function toAdminUser(row: AdminUserRow): AdminUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    walletBalanceCents: row.walletBalanceCents ?? 0,
    createdAt: row.createdAt.toISOString(),
    suspended: row.suspendedAt !== null,
  };
}

export async function loadAdminUser(db: DbOrTx, userId: string): Promise<AdminUser> {
  const [row] = await selectAdminUsers(db).where(eq(user.id, userId));
  if (!row) throw notFound('User not found');
  return toAdminUser(row);
}
