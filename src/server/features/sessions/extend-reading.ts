import { eq } from 'drizzle-orm';
import { SERVER_EVENTS } from '@shared/realtime';
import { type ExtendReadingInput, extensionOfferRate, type ReadingSession } from '@shared/sessions';
import { readingSessions } from '../../db/schema';
import { conflict } from '../../errors';
import { Outbox } from '../../realtime/outbox';
import type { SessionUser } from '../auth';
import { lockSessionFor } from './access';
import type { SessionDeps } from './deps';
import { loadSessionView } from './session-view';

/**
 * One side presses Extend on a booked reading (docs/decisions/048, 'Extending'). The press names
 * the rate its button showed: the rate the client agreed to if they pressed first, else the
 * reader's live rate for the type; a rate that changed meanwhile is 409 with the new one, so
 * nobody agrees to a price they did not see. The client's press fixes the extension's rate. Once
 * both have pressed, the scheduler no longer ends the reading at its booked length (billing.ts
 * charges every minute past it from the wallet at that rate). Pressing again is harmless; the
 * booked time must not be over, and both sides hear `session_extension` with the reading's terms.
 */
export async function extendReading(
  deps: SessionDeps,
  user: SessionUser,
  sessionId: string,
  input: ExtendReadingInput,
): Promise<ReadingSession> {
  const outbox = new Outbox();
  const extended = await deps.db.transaction(async (tx) => {
    const session = await lockSessionFor(tx, sessionId, user);
    // The view carries the reader's live rate; read once, under the row's lock, and updated here.
    const view = (await loadSessionView(tx, sessionId))!;
    const { booking } = view;
    if (!booking) throw conflict('Only a booked reading can be extended');
    if (session.status !== 'active') throw conflict('This reading is not in progress');
    const now = new Date(deps.clock.now());
    const pressedAt = session.role === 'client' ? session.clientExtendedAt : session.readerExtendedAt;
    if (pressedAt) return view;
    const isBookedTimeOver =
      session.minutesCharged >= booking.bookedMinutes && session.nextMinuteAt !== null && session.nextMinuteAt <= now;
    if (isBookedTimeOver) throw conflict('The booked time is over');
    const offered = extensionOfferRate(booking);
    if (input.ratePerMinuteCents !== offered)
      throw conflict("The reader's rate has changed", { ratePerMinuteCents: offered });
    const update =
      session.role === 'client'
        ? { clientExtendedAt: now, extensionRatePerMinuteCents: offered }
        : { readerExtendedAt: now };
    await tx.update(readingSessions).set(update).where(eq(readingSessions.id, session.id));
    const terms =
      session.role === 'client'
        ? { ...booking, clientExtendedAt: now.toISOString(), extensionRatePerMinuteCents: offered }
        : { ...booking, readerExtendedAt: now.toISOString() };
    outbox.toUsers([session.clientId, session.readerId], SERVER_EVENTS.sessionExtension, { sessionId, booking: terms });
    return { ...view, booking: terms };
  });
  outbox.flush(deps.realtime);
  return extended;
}
