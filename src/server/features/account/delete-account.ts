import { and, eq, inArray, isNotNull, isNull, or } from 'drizzle-orm';
import { DELETED_USER_NAME } from '@shared/account';
import { formatCents } from '@shared/money';
import type { SessionStatus } from '@shared/sessions';
import { DELETED_ANSWER, DELETED_QUESTION } from '@shared/written-readings';
import { OPEN_APPOINTMENT_STATUSES } from '@shared/appointments';
import type { PasswordHasher } from '../../auth/password-hasher';
import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import {
  account,
  clientPreferences,
  depositLimits,
  favoriteReaders,
  contactMasks,
  readerClientNotes,
  userBlocks,
  mailMessages,
  notificationPreferences,
  notifications,
  payouts,
  pushSubscriptions,
  readerAvailability,
  readerFollows,
  readerProfiles,
  readerQueue,
  readingSessions,
  session,
  sessionMessages,
  shopProducts,
  streamMessages,
  streamReminders,
  twoFactor,
  user,
  verification,
  writtenReadings,
  appointments,
} from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import { earningsAccountId, escrowAccountId, holdAccountId, lockAccounts, walletAccountId } from '../wallet';

const OPEN_READING: SessionStatus[] = ['requested', 'accepted', 'active'];

/**
 * Deletes a client's or reader's account in one transaction (docs/decisions/028). Personal data is
 * erased (sign-ins, password, two-factor, messages they wrote, favorites, follows, notifications,
 * mail) or anonymized (the user row and a reader's profile keep their ids under 'Deleted user'),
 * while money records stay as the law on financial records asks: ledger transfers, receipts
 * (readings and their minutes), deposits, payouts and orders. Only at a zero balance in every
 * account, with no open reading and no payout waiting, so no money is left without an owner.
 */
export async function deleteAccount(
  deps: { db: Db; clock: Clock; passwordHasher: PasswordHasher },
  userId: string,
  password: string,
): Promise<void> {
  const { db, clock, passwordHasher } = deps;
  const now = new Date(clock.now());
  const [person] = await db.select().from(user).where(eq(user.id, userId));
  if (!person) throw notFound('User not found');
  if (person.role === 'admin')
    throw forbidden('An admin account cannot be deleted here. Ask another admin to remove your access.');
  const [credential] = await db
    .select({ hash: account.password })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')));
  if (!credential?.hash || !(await passwordHasher.verify({ hash: credential.hash, password }))) {
    throw badRequest('Incorrect password', { password: 'Incorrect password' });
  }
  await db.transaction(async (tx) => {
    await assertNothingOpen(tx, userId, person.role === 'reader');
    await eraseAndAnonymize(tx, userId, person.email, now);
  });
}

async function assertNothingOpen(tx: Tx, userId: string, isReader: boolean) {
  // Locked, so a deposit or a charge cannot land between this check and the deletion.
  const balances = await lockAccounts(tx, [
    walletAccountId(userId),
    escrowAccountId(userId),
    earningsAccountId(userId),
    holdAccountId(userId),
  ]);
  const wallet = balances.get(walletAccountId(userId)) ?? 0;
  const escrow = balances.get(escrowAccountId(userId)) ?? 0;
  const earnings = balances.get(earningsAccountId(userId)) ?? 0;
  if (wallet > 0)
    throw conflict(
      `Your wallet still holds ${formatCents(wallet)}. Spend it on readings first, then delete your account.`,
    );
  if (earnings > 0)
    throw conflict(
      `You still have ${formatCents(earnings)} of earnings. Request a payout first, then delete your account.`,
    );
  const [open] = await tx
    .select({ id: readingSessions.id })
    .from(readingSessions)
    .where(
      and(
        or(eq(readingSessions.clientId, userId), eq(readingSessions.readerId, userId)),
        inArray(readingSessions.status, OPEN_READING),
      ),
    )
    .limit(1);
  if (open || escrow > 0) throw conflict('A reading is still open. Finish it first, then delete your account.');
  // An appointment booked or accepted (docs/decisions/048): its held money must reach someone first.
  const [appointment] = await tx
    .select({ id: appointments.id })
    .from(appointments)
    .where(
      and(
        or(eq(appointments.clientId, userId), eq(appointments.readerId, userId)),
        inArray(appointments.status, [...OPEN_APPOINTMENT_STATUSES]),
      ),
    )
    .limit(1);
  if (appointment)
    throw conflict('An appointment is still open. Cancel it or wait until it is over, then delete your account.');
  // A written question waits for its answer or its refund (decision 047): its held money must reach someone first.
  const [question] = await tx
    .select({ id: writtenReadings.id })
    .from(writtenReadings)
    .where(
      and(
        or(eq(writtenReadings.clientId, userId), eq(writtenReadings.readerId, userId)),
        eq(writtenReadings.status, 'pending'),
      ),
    )
    .limit(1);
  if (question || (balances.get(holdAccountId(userId)) ?? 0) > 0)
    throw conflict('A written question is still open. Wait for its answer or its refund, then delete your account.');
  if (isReader) {
    const [pending] = await tx
      .select({ id: payouts.id })
      .from(payouts)
      .where(and(eq(payouts.readerId, userId), eq(payouts.status, 'pending')))
      .limit(1);
    if (pending) throw conflict('A payout is waiting for a decision. Delete your account once it is paid.');
  }
}

async function eraseAndAnonymize(tx: Tx, userId: string, email: string, now: Date) {
  await tx.delete(session).where(eq(session.userId, userId));
  await tx.delete(account).where(eq(account.userId, userId));
  await tx.delete(twoFactor).where(eq(twoFactor.userId, userId));
  // Reset and verification tokens name the user by id.
  await tx.delete(verification).where(eq(verification.value, userId));
  await tx.delete(mailMessages).where(eq(mailMessages.toAddress, email));
  await tx.delete(sessionMessages).where(eq(sessionMessages.senderId, userId));
  await tx.delete(streamMessages).where(eq(streamMessages.userId, userId));
  await tx.delete(notifications).where(eq(notifications.userId, userId));
  await tx
    .delete(favoriteReaders)
    .where(or(eq(favoriteReaders.clientId, userId), eq(favoriteReaders.readerId, userId)));
  await tx.delete(readerFollows).where(or(eq(readerFollows.followerId, userId), eq(readerFollows.readerId, userId)));
  // Notes a reader kept on clients, or readers kept on them; blocks either way; what they wrote before it was masked
  // (decision 068).
  await tx
    .delete(readerClientNotes)
    .where(or(eq(readerClientNotes.readerId, userId), eq(readerClientNotes.clientId, userId)));
  await tx.delete(userBlocks).where(or(eq(userBlocks.blockerId, userId), eq(userBlocks.blockedId, userId)));
  await tx.delete(contactMasks).where(eq(contactMasks.userId, userId));
  await tx.delete(streamReminders).where(eq(streamReminders.userId, userId));
  await tx.delete(readerQueue).where(or(eq(readerQueue.clientId, userId), eq(readerQueue.readerId, userId)));
  await tx.delete(depositLimits).where(eq(depositLimits.userId, userId));
  await tx.delete(clientPreferences).where(eq(clientPreferences.userId, userId));
  // Their devices (with the pushes waiting for them) and their choices about notices.
  await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  await tx.delete(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  await tx.delete(readerAvailability).where(eq(readerAvailability.readerId, userId));
  // A review's words are theirs; its stars stay, so a reader's average does not change.
  await tx.update(readingSessions).set({ review: null }).where(eq(readingSessions.clientId, userId));
  // Written readings stay (the other side's thread and the reader's earnings count them); the person's own words go.
  await tx
    .update(writtenReadings)
    .set({ question: DELETED_QUESTION, review: null })
    .where(eq(writtenReadings.clientId, userId));
  await tx
    .update(writtenReadings)
    .set({ answer: DELETED_ANSWER })
    .where(and(eq(writtenReadings.readerId, userId), isNotNull(writtenReadings.answer)));
  await tx
    .update(readerProfiles)
    .set({
      firstName: 'Deleted',
      lastName: 'reader',
      username: `deleted-${userId}`,
      bio: '',
      specialties: [],
      profileImage: null,
      isOnline: false,
      freeMinutes: 0,
    })
    .where(eq(readerProfiles.userId, userId));
  await tx
    .update(shopProducts)
    .set({ hiddenAt: now })
    .where(and(eq(shopProducts.sellerId, userId), isNull(shopProducts.hiddenAt)));
  // suspended_at too: every listing that leaves out suspended accounts leaves this one out, and no sign-in is possible.
  await tx
    .update(user)
    .set({
      name: DELETED_USER_NAME,
      email: `deleted-${userId}@deleted.invalid`,
      emailVerified: false,
      image: null,
      twoFactorEnabled: false,
      deletedAt: now,
      suspendedAt: now,
      updatedAt: now,
    })
    .where(eq(user.id, userId));
}
