import { count, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { readerProfiles, user } from '../db/schema';
import { createUserWithPassword } from '../features/auth/create-user';
import { ensureAdmin } from '../features/auth/ensure-admin';
import { SYSTEM_ACCOUNTS, transfer, walletAccountId } from '../features/wallet/ledger';
import { DEMO_ADMIN, DEMO_CLIENTS, DEMO_PASSWORD, DEMO_READERS } from './demo-data';

/** Fills an empty database with the demo admin, readers and clients; does nothing otherwise. */
export async function seedDemo(db: Db): Promise<boolean> {
  const [users] = await db.select({ n: count() }).from(user);
  if ((users?.n ?? 0) > 0) return false;
  await ensureAdmin(db, DEMO_ADMIN);
  await db.transaction(async (tx) => {
    for (const r of DEMO_READERS) {
      const { id } = await createUserWithPassword(tx, {
        email: `${r.username}@soultribe.app`,
        password: DEMO_PASSWORD,
        name: `${r.firstName} ${r.lastName}`,
        role: 'reader',
      });
      await tx.insert(readerProfiles).values({
        userId: id,
        firstName: r.firstName,
        lastName: r.lastName,
        username: r.username,
        bio: r.bio,
        specialties: r.specialties,
        yearsExperience: r.yearsExperience,
        chatRateCents: r.rates.chat,
        audioRateCents: r.rates.audio,
        videoRateCents: r.rates.video,
        isOnline: r.isOnline,
        ratingSum: r.ratingSum,
        ratingCount: r.ratingCount,
        completedSessions: r.completedSessions,
      });
    }
    for (const c of DEMO_CLIENTS) {
      const { id } = await createUserWithPassword(tx, { email: c.email, password: DEMO_PASSWORD, name: c.name, role: 'client' });
      await transfer(tx, {
        debitAccountId: SYSTEM_ACCOUNTS.external,
        creditAccountId: walletAccountId(id),
        amountCents: c.balanceCents,
        kind: 'deposit',
        reference: 'demo:welcome',
        idempotencyKey: `demo:deposit:${id}`,
      });
    }
  });
  return true;
}

export async function isSeeded(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, DEMO_ADMIN.email));
  return Boolean(row);
}
