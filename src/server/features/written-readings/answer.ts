import { paths } from '@shared/paths';
import { ANSWER_MAX_LENGTH, ANSWER_MIN_LENGTH } from '@shared/written-reading-rules';
import type { SentWrittenReading } from '@shared/written-readings';
import { eq } from 'drizzle-orm';
import { readerProfiles, user, writtenReadings } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import type { SessionUser } from '../auth';
import { maskForOthers } from '../contact-masks';
import { queueMail, writtenReadingAnsweredMail } from '../mail';
import { deliverNotifications, isEmailOn, storeNotification } from '../notifications';
import { chargeFromHold } from '../wallet';
import { type WrittenReadingDeps, writtenReadingReference } from './deps';
import { loadWrittenReading } from './view';

/**
 * The reader answers, once: under the question's row lock, so of two answers at once (two tabs, a
 * double click) exactly one is kept and the other gets 409. The hold is charged 70/30 into the
 * reader's earnings (final: an answer is not refunded), and the client gets a notification and a
 * mail (unless they turned that mail off), all in the answer's transaction. Past the promised time the answer is refused: the
 * scheduler refunds the question in full (refund-overdue.ts).
 */
export async function answerWrittenReading(
  deps: WrittenReadingDeps,
  answerer: SessionUser,
  id: string,
  answer: string,
): Promise<SentWrittenReading> {
  const now = new Date(deps.clock.now());
  let masked = false;
  const notification = await deps.db.transaction(async (tx) => {
    const [question] = await tx.select().from(writtenReadings).where(eq(writtenReadings.id, id)).for('update');
    if (!question) throw notFound('Question not found');
    if (question.readerId !== answerer.id)
      throw question.clientId === answerer.id
        ? forbidden('Only the reader answers a question')
        : notFound('Question not found');
    if (question.status === 'answered') throw conflict('This question has already been answered');
    if (question.status === 'refunded' || now >= question.dueAt)
      throw conflict('The time to answer has passed: the client is refunded');

    // The client reads the answer with contact details masked (decision 068). What is left must still be
    // an answer: a paid reading that is mostly an address is refused, and nothing is charged.
    const shown = await maskForOthers(tx, {
      userId: answerer.id,
      context: 'written_answer',
      subjectId: id,
      text: answer,
      now,
      maxLength: ANSWER_MAX_LENGTH,
    });
    if (shown.text.length < ANSWER_MIN_LENGTH)
      throw badRequest(`Once contact details are removed, the answer is under ${ANSWER_MIN_LENGTH} characters`, {
        answer: 'Keep the answer on Soul Tribe: contact details are removed',
      });
    masked = shown.masked;

    await chargeFromHold(tx, {
      payerUserId: question.clientId,
      readerUserId: question.readerId,
      reference: writtenReadingReference(id),
      amountCents: question.priceCents,
      kind: 'written_reading',
      idempotencyKey: `${writtenReadingReference(id)}:answer`,
      readerAccount: 'earnings',
    });
    await tx
      .update(writtenReadings)
      .set({ status: 'answered', answer: shown.text, answeredAt: now })
      .where(eq(writtenReadings.id, id));

    const [names] = await tx
      .select({
        clientName: user.name,
        clientEmail: user.email,
        readerFirstName: readerProfiles.firstName,
        readerLastName: readerProfiles.lastName,
      })
      .from(user)
      .innerJoin(readerProfiles, eq(readerProfiles.userId, question.readerId))
      .where(eq(user.id, question.clientId));
    const readerName = `${names!.readerFirstName} ${names!.readerLastName}`;
    if (await isEmailOn(tx, question.clientId, 'written_reading_answered')) {
      await queueMail(tx, deps.clock, {
        kind: 'written_reading_answered',
        to: names!.clientEmail,
        content: writtenReadingAnsweredMail({
          name: names!.clientName,
          readerName,
          url: `${deps.publicUrl}${paths.dashboardMessages}`,
        }),
      });
    }
    return storeNotification(tx, {
      userId: question.clientId,
      kind: 'written_reading_answered',
      title: `${readerName} answered your question`,
      body: 'Read the answer in your Messages.',
      link: paths.dashboardMessages,
      subjectId: id,
      now,
    });
  });
  deliverNotifications(deps.realtime, [notification]);
  return { ...(await loadWrittenReading(deps.db, id, deps.clock.now()))!, masked };
}
