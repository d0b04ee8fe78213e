import { SERVER_EVENTS } from '@shared/realtime';
import { and, asc, eq, lte } from 'drizzle-orm';
import { writtenReadings } from '../../db/schema';
import { deliverNotifications, type NotificationRow } from '../notifications';
import { getBalances, walletAccountId } from '../wallet';
import type { WrittenReadingDeps } from './deps';
import { refundQuestions } from './refund-questions';

const BATCH = 50;

/**
 * The scheduler's share of written readings: every question still unanswered at its due time is
 * refunded in full (the hold released to the client's wallet) and the client told. The rows are
 * taken with SKIP LOCKED, so several processes share the work and an answer being written (which
 * holds the row) is left to finish; the answer itself refuses a question past its time, so a
 * question is either answered or refunded, never both. All the clients' wallets and holds are
 * locked up front in the ledger's order. Returns how many were refunded.
 */
export async function refundOverdueWrittenReadings(deps: Omit<WrittenReadingDeps, 'publicUrl'>): Promise<number> {
  const now = new Date(deps.clock.now());
  const overdue = and(eq(writtenReadings.status, 'pending'), lte(writtenReadings.dueAt, now));
  // Every full pass of the billing scheduler (each tick) comes here, and nearly always finds
  // nothing: one indexed read then, not a transaction (begin, locked read, commit).
  const [any] = await deps.db.select({ id: writtenReadings.id }).from(writtenReadings).where(overdue).limit(1);
  if (!any) return 0;
  const notices: NotificationRow[] = [];
  const wallets = new Map<string, number>();
  const refunded = await deps.db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(writtenReadings)
      .where(overdue)
      .orderBy(asc(writtenReadings.dueAt))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    if (due.length === 0) return 0;
    notices.push(
      ...(await refundQuestions(tx, due, now, { title: 'Your question was not answered in time', lead: '' })),
    );
    const clients = [...new Set(due.map((question) => question.clientId))];
    const balances = await getBalances(tx, clients.map(walletAccountId));
    for (const clientId of clients) wallets.set(clientId, balances.get(walletAccountId(clientId)) ?? 0);
    return due.length;
  });
  deliverNotifications(deps.realtime, notices);
  // The client's open pages show the money back in the balance at once.
  for (const [clientId, balanceCents] of wallets)
    deps.realtime.toUser(clientId, SERVER_EVENTS.walletUpdated, { balanceCents });
  return refunded;
}
