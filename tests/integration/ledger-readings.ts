import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { readingSessions } from '../../src/server/db/schema';
import { Outbox } from '../../src/server/realtime/outbox';
import { finishSession, minuteChargeKey, sessionReference } from '../../src/server/features/sessions/billing';
import { chargeWithSplit } from '../../src/server/features/wallet/ledger';
import type { TestApp } from './test-app';

/**
 * Readings reduced to their money, for ledger property and race tests: a session row, charges made
 * with the billing code's keys, and an end (with or without refund) through finishSession itself.
 * Each call locks the session row first, as the scheduler and /end do, so a charge and an end of
 * one reading queue instead of interleaving.
 */
export function ledgerReadings(app: TestApp) {
  const locked = (tx: Parameters<Parameters<TestApp['db']['transaction']>[0]>[0], id: string) =>
    tx.select().from(readingSessions).where(eq(readingSessions.id, id)).for('update');

  return {
    async open(clientId: string, readerId: string, ratePerMinuteCents: number): Promise<string> {
      const id = randomUUID();
      const now = new Date(app.clock.now());
      await app.db.insert(readingSessions).values({
        id,
        clientId,
        readerId,
        sessionType: 'chat',
        status: 'active',
        ratePerMinuteCents,
        requestedAt: now,
        startedAt: now,
      });
      return id;
    },

    /** Charges `minute` if the reading is still active; false when it has ended. */
    charge(id: string, minute: number): Promise<boolean> {
      return app.db.transaction(async (tx) => {
        const [session] = await locked(tx, id);
        if (session?.status !== 'active') return false;
        await chargeWithSplit(tx, {
          payerUserId: session.clientId,
          readerUserId: session.readerId,
          amountCents: session.ratePerMinuteCents,
          kind: 'session_charge',
          reference: sessionReference(id),
          idempotencyKey: minuteChargeKey(id, minute),
        });
        return true;
      });
    },

    /** Ends the reading (once): a refund reverses its charges, otherwise its share is released. */
    end(id: string, options: { refund: boolean }): Promise<{ refundedCents: number } | null> {
      return app.db.transaction(async (tx) => {
        const [session] = await locked(tx, id);
        if (session?.status !== 'active') return null;
        return finishSession(tx, session, new Date(app.clock.now()), new Outbox(), {
          reason: 'completed',
          endedBy: session.clientId,
          refund: options.refund,
        });
      });
    },
  };
}
