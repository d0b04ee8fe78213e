import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';
import { ledgerAccounts, ledgerTransfers, readerProfiles, session, user } from '../../src/server/db/schema';
import {
  earningsAccountId,
  escrowAccountId,
  SYSTEM_ACCOUNTS,
  walletAccountId,
} from '../../src/server/features/wallet/ledger';

export interface SeededPair {
  readerId: string;
  clientCookie: string;
  readerCookie: string;
}

const CHUNK = 500;

/**
 * Better Auth's session cookie: the session token, signed with the auth secret (HMAC-SHA256,
 * base64, as better-call's signCookieValue does), so a seeded session row signs in like a real one.
 */
export function sessionCookie(token: string, secret: string, cookieName = 'better-auth.session_token'): string {
  const signature = createHmac('sha256', secret).update(token).digest('base64');
  return `${cookieName}=${encodeURIComponent(`${token}.${signature}`)}`;
}

async function inChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

/**
 * N clients and N readers straight into the database: users, their ledger accounts, each client's
 * deposit as a real transfer from the external account (balances and transfers agree, so the
 * ledger check at the end holds), reader profiles at one rate, and a signed-in session each. No
 * password hashes and no sign-in requests: at 10,000 pairs those were most of the set-up.
 */
export async function seedPairs(
  db: Db,
  options: { pairs: number; runId: string; rateCents: number; depositCents: number; authSecret: string },
): Promise<SeededPair[]> {
  const { pairs: n, runId, rateCents, depositCents, authSecret } = options;
  const now = new Date();
  const expiresAt = new Date(now.getTime() + 24 * 60 * 60 * 1000);
  const people = Array.from({ length: n }, (_, i) => ({
    i,
    clientId: randomUUID(),
    readerId: randomUUID(),
    clientToken: randomBytes(24).toString('base64url'),
    readerToken: randomBytes(24).toString('base64url'),
  }));
  await db.transaction(async (tx) => {
    await inChunks(people, (chunk) =>
      tx.insert(user).values(
        chunk.flatMap((p) => [
          {
            id: p.clientId,
            name: `Client ${p.i}`,
            email: `bench-client-${runId}-${p.i}@bench.local`,
            emailVerified: true,
            role: 'client' as const,
            createdAt: now,
            updatedAt: now,
          },
          {
            id: p.readerId,
            name: `Reader ${p.i}`,
            email: `bench-reader-${runId}-${p.i}@bench.local`,
            emailVerified: true,
            role: 'reader' as const,
            createdAt: now,
            updatedAt: now,
          },
        ]),
      ),
    );
    await inChunks(people, (chunk) =>
      tx.insert(ledgerAccounts).values(
        chunk.flatMap((p) =>
          [p.clientId, p.readerId].flatMap((userId) => [
            {
              id: walletAccountId(userId),
              kind: 'wallet',
              userId,
              balanceCents: userId === p.clientId ? depositCents : 0,
            },
            { id: escrowAccountId(userId), kind: 'escrow', userId },
            { id: earningsAccountId(userId), kind: 'earnings', userId },
          ]),
        ),
      ),
    );
    await inChunks(people, (chunk) =>
      tx.insert(ledgerTransfers).values(
        chunk.map((p) => ({
          debitAccountId: SYSTEM_ACCOUNTS.external,
          creditAccountId: walletAccountId(p.clientId),
          amountCents: depositCents,
          kind: 'deposit',
          idempotencyKey: `bench:${runId}:${p.i}`,
          createdAt: now,
        })),
      ),
    );
    await tx
      .update(ledgerAccounts)
      .set({ balanceCents: sql`${ledgerAccounts.balanceCents} - ${n * depositCents}` })
      .where(sql`${ledgerAccounts.id} = ${SYSTEM_ACCOUNTS.external}`);
    await inChunks(people, (chunk) =>
      tx.insert(readerProfiles).values(
        chunk.map((p) => ({
          userId: p.readerId,
          firstName: 'Reader',
          lastName: String(p.i),
          username: `bench_${runId}_${p.i}`,
          bio: 'bench',
          specialties: ['Tarot'],
          yearsExperience: 1,
          chatRateCents: rateCents,
          audioRateCents: rateCents,
          videoRateCents: rateCents,
        })),
      ),
    );
    await inChunks(people, (chunk) =>
      tx.insert(session).values(
        chunk.flatMap((p) => [
          { id: randomUUID(), token: p.clientToken, userId: p.clientId, expiresAt, createdAt: now, updatedAt: now },
          { id: randomUUID(), token: p.readerToken, userId: p.readerId, expiresAt, createdAt: now, updatedAt: now },
        ]),
      ),
    );
  });
  return people.map((p) => ({
    readerId: p.readerId,
    clientCookie: sessionCookie(p.clientToken, authSecret),
    readerCookie: sessionCookie(p.readerToken, authSecret),
  }));
}
