import { and, eq, or } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { writtenReadings } from '../../db/schema';
import type { NotificationRow } from '../notifications';
import { refundQuestions } from './refund-questions';

/**
 * A block between a question's two sides (decision 068): each question still waiting for its answer is
 * refunded in full in the caller's transaction (its hold released, credit back as credit), as an
 * overdue one would be, and the client told without the reason. Returns the notices to deliver
 * after commit and the clients whose wallets changed.
 */
export async function releaseWrittenReadingsBetween(
  tx: Tx,
  pair: { blockerId: string; blockedId: string },
  now: Date,
): Promise<{ notices: NotificationRow[]; clientIds: string[] }> {
  const { blockerId, blockedId } = pair;
  const waiting = await tx
    .select()
    .from(writtenReadings)
    .where(
      and(
        eq(writtenReadings.status, 'pending'),
        or(
          and(eq(writtenReadings.clientId, blockerId), eq(writtenReadings.readerId, blockedId)),
          and(eq(writtenReadings.clientId, blockedId), eq(writtenReadings.readerId, blockerId)),
        ),
      ),
    )
    .for('update');
  const notices = await refundQuestions(tx, waiting, now, {
    title: 'Your question was refunded',
    lead: 'It will not be answered: ',
  });
  return { notices, clientIds: [...new Set(waiting.map((question) => question.clientId))] };
}
