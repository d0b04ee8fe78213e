import { and, asc, eq, inArray } from 'drizzle-orm';
import type { ChargedMinute, SessionDetails } from '@shared/sessions';
import { ledgerTransfers } from '../../db/schema';
import { notFound } from '../../errors';
import type { SessionUser } from '../auth/require-user';
import { minuteChargeKey, sessionReference } from './billing';
import type { SessionDeps } from './deps';
import { messagesOf } from './messages';
import { loadSessionView } from './session-view';

const MINUTE_OF_KEY = /:minute:(\d+):/;

/** Each charged minute of a session, its two shares summed, with what a refund gave back of it. */
async function chargedMinutes(deps: SessionDeps, sessionId: string): Promise<ChargedMinute[]> {
  const charges = await deps.db
    .select()
    .from(ledgerTransfers)
    .where(and(eq(ledgerTransfers.reference, sessionReference(sessionId)), eq(ledgerTransfers.kind, 'session_charge')))
    .orderBy(asc(ledgerTransfers.id));
  // Billing keys a refund by the charge leg it reverses (refund:<transfer id>).
  const refunds = charges.length === 0 ? [] : await deps.db
    .select({ idempotencyKey: ledgerTransfers.idempotencyKey, amountCents: ledgerTransfers.amountCents })
    .from(ledgerTransfers)
    .where(inArray(ledgerTransfers.idempotencyKey, charges.map((charge) => `refund:${charge.id}`)));
  const refundedByKey = new Map(refunds.map((refund) => [refund.idempotencyKey, refund.amountCents]));

  const minutes = new Map<number, ChargedMinute>();
  for (const charge of charges) {
    const minute = Number(MINUTE_OF_KEY.exec(charge.idempotencyKey)?.[1]);
    if (!charge.idempotencyKey.startsWith(`${minuteChargeKey(sessionId, minute)}:`)) continue;
    const entry = minutes.get(minute) ?? { minute, chargedAt: charge.createdAt.toISOString(), amountCents: 0, refundedCents: 0 };
    entry.amountCents += charge.amountCents;
    entry.refundedCents += refundedByKey.get(`refund:${charge.id}`) ?? 0;
    minutes.set(minute, entry);
  }
  return [...minutes.values()].sort((a, b) => a.minute - b.minute);
}

/**
 * A reading's receipt. Only its client, its reader and admins may see it; anyone else gets the
 * same 404 as an unknown id, so a guessed id tells nothing about whether the reading exists.
 */
export async function sessionDetails(deps: SessionDeps, viewer: SessionUser, sessionId: string): Promise<SessionDetails> {
  const session = await loadSessionView(deps.db, sessionId);
  const mayView = session && (session.clientId === viewer.id || session.readerId === viewer.id || viewer.role === 'admin');
  if (!session || !mayView) throw notFound('Session not found');
  const [messages, charges] = await Promise.all([
    session.sessionType === 'chat' ? messagesOf(deps.db, sessionId) : Promise.resolve([]),
    chargedMinutes(deps, sessionId),
  ]);
  return { session, messages, charges };
}
