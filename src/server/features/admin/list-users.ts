import { and, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { AdminUsersPage, AdminUsersQuery } from '@shared/admin';
import type { DbOrTx } from '../../db/client';
import { user } from '../../db/schema';
import { selectAdminUsers, toAdminUser } from './admin-user-view';

/** `%` and `_` in a search are letters, not wildcards. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Every account, newest first; search matches name or email, any case. */
export async function listUsers(db: DbOrTx, query: AdminUsersQuery): Promise<AdminUsersPage> {
  const conditions: SQL[] = [];
  if (query.search) {
    const pattern = `%${escapeLike(query.search)}%`;
    conditions.push(or(ilike(user.name, pattern), ilike(user.email, pattern))!);
  }
  if (query.role) conditions.push(eq(user.role, query.role));
  const rows = await selectAdminUsers(db)
    .where(and(...conditions))
    .orderBy(desc(user.createdAt), desc(user.id))
    .limit(query.limit + 1)
    .offset(query.offset);
  return { users: rows.slice(0, query.limit).map(toAdminUser), hasMore: rows.length > query.limit };
}
