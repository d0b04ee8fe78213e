import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { type Clock, systemClock } from '../clock';
import type { Db, Tx } from '../db/client';
import { readerAvailability, readerProfiles, user } from '../db/schema';
import { createUserWithPassword } from '../features/auth/create-user';
import { ensureAdmin } from '../features/auth/ensure-admin';
import { createWallet, SYSTEM_ACCOUNTS, transfer, walletAccountId } from '../features/wallet/ledger';
import { insertDemoCommunity } from './demo-community';
import {
  DEMO_ADMIN,
  DEMO_AUTOMATED_READER,
  DEMO_CLIENTS,
  DEMO_PASSWORD,
  DEMO_READERS,
  DEMO_SEEKERS,
} from './demo-data';
import { planDemoHistory } from './demo-history';
import { DEMO_READINGS } from './demo-reviews';
import { insertDemoShop } from './demo-shop';
import { insertDemoStreams } from './demo-streams';
import { insertDemoHistory } from './insert-demo-history';
import type { PasswordHasher } from '../auth/password-hasher';

/**
 * Fills an empty database with the demo admin, readers and clients, the readings behind the
 * readers' ratings and session counts, scheduled streams, the forum's first threads and the
 * shop's products; does nothing otherwise. One transaction for all but the admin.
 */
export async function seedDemo(db: Db, hasher: PasswordHasher, clock: Clock = systemClock): Promise<boolean> {
  const [users] = await db.select({ n: count() }).from(user);
  if ((users?.n ?? 0) > 0) return false;
  const now = new Date(clock.now());
  await ensureAdmin(db, DEMO_ADMIN, now, createWallet, hasher);
  // One hash for every demo account (they share a password): a hash each was most of the seed's time.
  const passwordHash = await hasher.hash(DEMO_PASSWORD);
  const sagePasswordHash = await nobodysPasswordHash(hasher);
  await db.transaction(async (tx) => {
    const readers = [];
    for (const r of DEMO_READERS) {
      const { id } = await createUserWithPassword(
        tx,
        {
          email: `${r.username}@soultribe.app`,
          passwordHash,
          name: `${r.firstName} ${r.lastName}`,
          role: 'reader',
          now,
        },
        createWallet,
      );
      readers.push({ id, username: r.username, rates: r.rates });
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
        freeMinutes: r.freeMinutes ?? 0,
        ...(r.writtenReading && {
          writtenReadingPriceCents: r.writtenReading.priceCents,
          writtenReadingAnswerHours: r.writtenReading.answerHours,
        }),
        ...(r.schedule && { timeZone: r.schedule.timeZone }),
      });
      if (r.schedule)
        await tx.insert(readerAvailability).values(r.schedule.slots.map((slot) => ({ readerId: id, ...slot })));
    }
    await insertAutomatedReader(tx, now, sagePasswordHash);
    const seekers = [];
    for (const s of DEMO_SEEKERS) {
      const { id } = await createUserWithPassword(
        tx,
        { email: s.email, passwordHash, name: s.name, role: 'client', now },
        createWallet,
      );
      seekers.push({ id, topUpCents: s.topUpCents });
    }
    const history = planDemoHistory({ now: new Date(clock.now()), readers, seekers, readingsByReader: DEMO_READINGS });
    await insertDemoHistory(tx, history);
    const readerIdByUsername = new Map(readers.map((r) => [r.username, r.id]));
    await insertDemoStreams(tx, new Date(clock.now()), readerIdByUsername);
    await insertDemoCommunity(
      tx,
      new Date(clock.now()),
      readerIdByUsername,
      seekers.map((s) => s.id),
    );
    await insertDemoShop(tx, new Date(clock.now()), readerIdByUsername);
    // After the history, so transfer ids keep following time: these welcome deposits are dated now.
    for (const c of DEMO_CLIENTS) {
      const { id } = await createUserWithPassword(
        tx,
        { email: c.email, passwordHash, name: c.name, role: 'client', now },
        createWallet,
      );
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

/**
 * A demo database seeded before Sage existed gets Sage too, so the README's first reading works on
 * it; nothing happens on a database without demo data or with Sage already there.
 */
export async function ensureAutomatedReader(
  db: Db,
  hasher: PasswordHasher,
  clock: Clock = systemClock,
): Promise<boolean> {
  if (!(await isSeeded(db))) return false;
  const [sage] = await db
    .select({ id: readerProfiles.userId })
    .from(readerProfiles)
    .where(eq(readerProfiles.repliesAutomated, true))
    .limit(1);
  if (sage) return false;
  const passwordHash = await nobodysPasswordHash(hasher);
  await db.transaction((tx) => insertAutomatedReader(tx, new Date(clock.now()), passwordHash));
  return true;
}

/** Sage's: a password nobody knows, so nobody signs in as Sage. */
function nobodysPasswordHash(hasher: PasswordHasher): Promise<string> {
  return hasher.hash(randomUUID());
}

/** Sage, the reader the server answers itself in demo mode: online from the start, chat only, no history. */
async function insertAutomatedReader(tx: Tx, now: Date, passwordHash: string) {
  const sage = DEMO_AUTOMATED_READER;
  const { id } = await createUserWithPassword(
    tx,
    { email: sage.email, passwordHash, name: `${sage.firstName} ${sage.lastName}`, role: 'reader', now },
    createWallet,
  );
  await tx.insert(readerProfiles).values({
    userId: id,
    firstName: sage.firstName,
    lastName: sage.lastName,
    username: sage.username,
    bio: sage.bio,
    specialties: [...sage.specialties],
    yearsExperience: sage.yearsExperience,
    chatRateCents: sage.rates.chat,
    audioRateCents: sage.rates.audio,
    videoRateCents: sage.rates.video,
    isOnline: true,
    repliesAutomated: true,
  });
}

export async function isSeeded(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, DEMO_ADMIN.email));
  return Boolean(row);
}
