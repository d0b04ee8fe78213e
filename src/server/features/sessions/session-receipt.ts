import { and, asc, eq } from 'drizzle-orm';
import type { SessionReceipt } from '@shared/sessions';
import type { DbOrTx } from '../../db/client';
import { ledgerTransfers, sessionMinutes } from '../../db/schema';
import { forbidden, notFound } from '../../errors';
import { assertAdminPower, type SessionUser } from '../auth';
import { participantRole } from './access';
import { minuteChargeKey, sessionReference } from './session-reference';
import { loadSessionView } from './session-view';

/**
 * A reading's receipt, one line per billed minute from `session_minutes`: billing writes each line
 * in the transaction of that minute's ledger legs, so the lines are the ledger's, minute by minute.
 * Its client, its reader and admins (through the admin gate) may see it; anyone else gets 403.
 */
export async function sessionReceipt(db: DbOrTx, viewer: SessionUser, sessionId: string): Promise<SessionReceipt> {
  const session = await loadSessionView(db, sessionId);
  if (!session) throw notFound('Session not found');
  if (!participantRole(session, viewer.id)) assertAdminPower(viewer, () => forbidden('Access denied'));
  const lines = await db
    .select()
    .from(sessionMinutes)
    .where(eq(sessionMinutes.sessionId, sessionId))
    .orderBy(asc(sessionMinutes.minute));
  // Each minute's credit moved into the wallet under its charge's key and `:credit` (docs/decisions/066).
  const credit = await db
    .select({ key: ledgerTransfers.idempotencyKey, cents: ledgerTransfers.amountCents })
    .from(ledgerTransfers)
    .where(and(eq(ledgerTransfers.reference, sessionReference(sessionId)), eq(ledgerTransfers.kind, 'credit_spend')));
  const creditByKey = new Map(credit.map((row) => [row.key, row.cents]));
  const minutes = lines.map((line) => ({
    minute: line.minute,
    startedAt: line.startedAt.toISOString(),
    amountCents: line.amountCents,
    readerCents: line.readerCents,
    platformCents: line.platformCents,
    free: line.free,
    creditCents: creditByKey.get(`${minuteChargeKey(sessionId, line.minute)}:credit`) ?? 0,
  }));
  return {
    sessionId,
    readerName: session.reader.name,
    type: session.sessionType,
    ratePerMinuteCents: session.ratePerMinuteCents,
    minutes,
    totalCents: minutes.reduce((sum, line) => sum + line.amountCents, 0),
    creditCents: minutes.reduce((sum, line) => sum + line.creditCents, 0),
    refundedCents: session.refundedCents,
  };
}
