import { randomUUID } from 'node:crypto';
import { paths } from '@shared/paths';
import { SERVER_EVENTS } from '@shared/realtime';
import { maskContactDetails } from '@shared/contact-details';
import { QUESTION_MAX_LENGTH } from '@shared/written-reading-rules';
import type { AskWrittenReadingInput, SentWrittenReading } from '@shared/written-readings';
import { and, eq } from 'drizzle-orm';
import { readerProfiles, writtenReadings } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../errors';
import type { SessionUser } from '../auth';
import { keepMaskedOriginal } from '../contact-masks';
import { deliverNotifications, storeNotification } from '../notifications';
import { isListedReader } from '../readers';
import { assertWalletMaySpend, getWalletBalanceCents, placeHold } from '../wallet';
import { type WrittenReadingDeps, writtenReadingReference } from './deps';
import { loadWrittenReading } from './view';
import { assertNotBlocked } from '../blocks';
import { HOUR_MS } from '@shared/time-units';

/**
 * A client asks a reader a written question (decision 047): the reader's current price is held from the
 * client's wallet (docs/decisions/046) in the same transaction that records the question, so a
 * wallet that cannot cover it (402) leaves no question behind, and the reader has until
 * now + their promised answer time. The reader hears of it by a notification. With a request key,
 * the same key again (a retry, a double click, two at once) answers the first question: the
 * (client, key) unique index lets one insert through and the other finds its row.
 */
export async function askWrittenReading(
  deps: WrittenReadingDeps,
  asker: SessionUser,
  input: AskWrittenReadingInput,
  requestKey?: string,
): Promise<SentWrittenReading> {
  if (input.readerId === asker.id) throw forbidden('You cannot ask yourself a question');
  const [reader] = await deps.db
    .select({
      priceCents: readerProfiles.writtenReadingPriceCents,
      answerHours: readerProfiles.writtenReadingAnswerHours,
    })
    .from(readerProfiles)
    .where(and(eq(readerProfiles.userId, input.readerId), isListedReader));
  if (!reader) throw notFound('Reader not found');
  const { priceCents, answerHours } = reader;
  if (priceCents === null) throw conflict('This reader does not take written questions');
  await assertNotBlocked(deps.db, asker.id, input.readerId);
  await assertWalletMaySpend(deps.db, asker.id, new Date(deps.clock.now()));

  const now = new Date(deps.clock.now());
  let id: string = randomUUID();
  // The reader reads the question with contact details masked (decision 068); a retry compares the same masked text.
  const shown = maskContactDetails(input.question);
  const question = shown.text.slice(0, QUESTION_MAX_LENGTH);
  const notification = await deps.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(writtenReadings)
      .values({
        id,
        clientId: asker.id,
        readerId: input.readerId,
        question,
        priceCents,
        answerHours,
        createdAt: now,
        dueAt: new Date(now.getTime() + answerHours * HOUR_MS),
        requestKey: requestKey ?? null,
      })
      .onConflictDoNothing({ target: [writtenReadings.clientId, writtenReadings.requestKey] })
      .returning({ id: writtenReadings.id });
    if (inserted.length === 0) {
      const [first] = await tx
        .select({ id: writtenReadings.id, readerId: writtenReadings.readerId, question: writtenReadings.question })
        .from(writtenReadings)
        .where(and(eq(writtenReadings.clientId, asker.id), eq(writtenReadings.requestKey, requestKey!)));
      if (!first || first.readerId !== input.readerId || first.question !== question)
        throw conflict('This Idempotency-Key was already used for another question');
      id = first.id;
      return null;
    }
    await placeHold(tx, {
      userId: asker.id,
      amountCents: priceCents,
      reference: writtenReadingReference(id),
      creditFirstAt: now,
    });
    if (shown.masked)
      await keepMaskedOriginal(tx, {
        userId: asker.id,
        context: 'written_question',
        subjectId: id,
        original: input.question,
        now,
      });
    return storeNotification(tx, {
      userId: input.readerId,
      kind: 'written_reading_asked',
      title: 'A new question by message',
      body: `Answer within ${answerHours} hours to be paid; unanswered, the client is refunded.`,
      link: paths.dashboardMessages,
      subjectId: id,
      now,
    });
  });
  if (notification) {
    deliverNotifications(deps.realtime, [notification]);
    deps.realtime.toUser(asker.id, SERVER_EVENTS.walletUpdated, {
      balanceCents: await getWalletBalanceCents(deps.db, asker.id),
    });
  }
  return { ...(await loadWrittenReading(deps.db, id, deps.clock.now()))!, masked: shown.masked };
}
