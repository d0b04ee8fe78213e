import { formatCents } from '@shared/money';
import { paths } from '@shared/paths';
import { inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { writtenReadings } from '../../db/schema';
import { type NotificationRow, storeNotification } from '../notifications';
import { creditAccountId, holdAccountId, lockAccounts, releaseHold, walletAccountId } from '../wallet';
import { writtenReadingReference } from './deps';

type Question = typeof writtenReadings.$inferSelect;

/**
 * Refunds these pending questions in full, in the caller's transaction under their row locks: each
 * hold released to its client (credit back as credit), the question marked refunded, and its client
 * told (`title`, and the money back after `lead`). Every client's wallet, credit and hold are locked
 * up front in the ledger's order. Returns the notices to deliver after commit.
 */
export async function refundQuestions(
  tx: Tx,
  questions: Question[],
  now: Date,
  notice: { title: string; lead: string },
): Promise<NotificationRow[]> {
  if (questions.length === 0) return [];
  await lockAccounts(
    tx,
    questions.flatMap((question) => [
      walletAccountId(question.clientId),
      creditAccountId(question.clientId),
      holdAccountId(question.clientId),
    ]),
  );
  const notices: NotificationRow[] = [];
  for (const question of questions) {
    await releaseHold(tx, { userId: question.clientId, reference: writtenReadingReference(question.id), now });
    notices.push(
      await storeNotification(tx, {
        userId: question.clientId,
        kind: 'written_reading_refunded',
        title: notice.title,
        body: `${notice.lead}${formatCents(question.priceCents)} is back in your wallet.`,
        link: paths.dashboardMessages,
        subjectId: question.id,
        now,
      }),
    );
  }
  await tx
    .update(writtenReadings)
    .set({ status: 'refunded', refundedAt: now })
    .where(
      inArray(
        writtenReadings.id,
        questions.map((question) => question.id),
      ),
    );
  return notices;
}
