import { eq } from 'drizzle-orm';
import type { Profile } from '@shared/auth';
import type { DbOrTx } from '../../db/client';
import { readerProfiles, user } from '../../db/schema';
import { notFound } from '../../errors';

/** Reads a user's cash and usable promotional credit (the wallet's, passed in by app.ts: auth imports no other feature). */
export type WalletBalanceOf = (
  db: DbOrTx,
  userId: string,
) => Promise<{ walletBalanceCents: number; creditCents: number }>;

/** The signed-in user's profile; role and balance always come from the database. */
export async function getProfile(db: DbOrTx, userId: string, walletBalanceOf: WalletBalanceOf): Promise<Profile> {
  const [row] = await db
    .select({
      id: user.id,
      email: user.email,
      name: user.name,
      image: user.image,
      role: user.role,
      createdAt: user.createdAt,
      firstName: readerProfiles.firstName,
      lastName: readerProfiles.lastName,
      profileImage: readerProfiles.profileImage,
    })
    .from(user)
    .leftJoin(readerProfiles, eq(readerProfiles.userId, user.id))
    .where(eq(user.id, userId));
  if (!row) throw notFound('User not found');
  const readerName = [row.firstName, row.lastName].filter(Boolean).join(' ');
  return {
    id: row.id,
    email: row.email ?? '',
    fullName: row.name?.trim() || readerName || row.firstName || 'User',
    avatarUrl: row.profileImage ?? row.image ?? null,
    role: row.role,
    ...(await walletBalanceOf(db, userId)),
    createdAt: row.createdAt.toISOString(),
  };
}
