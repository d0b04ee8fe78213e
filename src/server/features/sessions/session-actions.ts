import { desc, eq, or, sql } from 'drizzle-orm';
import { SERVER_EVENTS } from '@shared/realtime';
import {
  OPEN_SESSION_STATUSES,
  RATING_REFUSALS,
  type RatedSession,
  ratableUntil,
  ratingRefusal,
  type ReadingSession,
  sessionRatingSchema,
} from '@shared/sessions';
import { readerProfiles, readingSessions } from '../../db/schema';
import { conflict, forbidden } from '../../errors';
import { Outbox } from '../../realtime/outbox';
import type { SessionUser } from '../auth';
import { maskForOthers } from '../contact-masks';
import { loadSessionFor, lockSessionFor } from './access';
import { finishSession } from './billing';
import type { SessionDeps } from './deps';
import { loadSessionView, selectSessionsWithNames, toReadingSession } from './session-view';
import { startIfReady } from './start-session';

export async function getSession(deps: SessionDeps, user: SessionUser, sessionId: string): Promise<ReadingSession> {
  await loadSessionFor(deps.db, sessionId, user, { allowAdmin: true });
  return (await loadSessionView(deps.db, sessionId))!;
}

/**
 * POST /start: idempotent. Starts billing when both sides are in the room; otherwise 409 so the
 * caller waits for `session_started`, which the second participant's join triggers.
 */
export async function startSession(deps: SessionDeps, user: SessionUser, sessionId: string): Promise<ReadingSession> {
  const outbox = new Outbox();
  const started = await deps.db.transaction(async (tx) => {
    const session = await lockSessionFor(tx, sessionId, user);
    if (session.status === 'active') return true;
    if (session.status !== 'accepted') throw conflict(`This session is ${session.status}`);
    return startIfReady(tx, session, new Date(deps.clock.now()), deps.timing, outbox);
  });
  outbox.flush(deps.realtime);
  if (!started) {
    const view = (await loadSessionView(deps.db, sessionId))!;
    if (view.status !== 'accepted') return view;
    throw conflict('Waiting for the other participant to join', { reason: 'WAITING_FOR_PARTICIPANT' });
  }
  return (await loadSessionView(deps.db, sessionId))!;
}

/**
 * Either participant ends the session (the client may also cancel a request while it waits).
 * Ending twice is harmless: the second call returns the ended session. A client who ends within
 * the refund window and asks for it gets every charge reversed.
 */
export async function endSession(
  deps: SessionDeps,
  user: SessionUser,
  input: { sessionId: string; refundRequested?: boolean },
): Promise<ReadingSession> {
  const outbox = new Outbox();
  await deps.db.transaction(async (tx) => {
    const session = await lockSessionFor(tx, input.sessionId, user);
    if (!OPEN_SESSION_STATUSES.includes(session.status)) return;
    const now = new Date(deps.clock.now());
    if (session.status === 'requested' && session.role === 'reader')
      throw forbidden('Answer the request with accept or decline');
    const withinRefundWindow =
      session.startedAt !== null && now.getTime() - session.startedAt.getTime() < deps.timing.refundWindowMs;
    if (input.refundRequested && session.role === 'client' && session.status === 'active' && !withinRefundWindow) {
      throw conflict('Refunds are only available within the first 3 minutes of a session');
    }
    const reason = session.status === 'active' ? 'completed' : 'cancelled';
    await finishSession(tx, session, now, outbox, {
      reason,
      endedBy: user.id,
      refund: Boolean(input.refundRequested && session.role === 'client' && withinRefundWindow),
    });
    if (session.status === 'requested') {
      outbox.toUser(session.readerId, SERVER_EVENTS.sessionResponse, {
        sessionId: session.id,
        response: 'cancelled',
        status: 'cancelled',
      });
    }
  });
  outbox.flush(deps.realtime);
  return (await loadSessionView(deps.db, input.sessionId))!;
}

/**
 * The client rates a reading once, if it was completed with a paid, unrefunded minute, within
 * RATING_WINDOW_DAYS of its end (ratingRefusal); the reader's average and count follow. The row
 * lock makes two ratings at once one rating and a 409.
 */
export async function rateSession(
  deps: SessionDeps,
  user: SessionUser,
  sessionId: string,
  input: { rating: number; review?: string },
): Promise<RatedSession> {
  const now = new Date(deps.clock.now());
  const masked = await deps.db.transaction(async (tx) => {
    const session = await lockSessionFor(tx, sessionId, user);
    if (session.role !== 'client') throw forbidden('Only the client can rate a reading');
    const refusal = ratingRefusal(session);
    if (refusal) throw conflict(RATING_REFUSALS[refusal]);
    if (deps.clock.now() >= ratableUntil(session)!.getTime()) throw conflict(RATING_REFUSALS.closed);
    // The review is public on the reader's profile: contact details in it are masked (decision 068).
    const review = input.review
      ? await maskForOthers(tx, {
          userId: user.id,
          context: 'review',
          subjectId: sessionId,
          text: input.review,
          now,
          maxLength: sessionRatingSchema.shape.review.unwrap().maxLength,
        })
      : null;
    await tx
      .update(readingSessions)
      .set({ rating: input.rating, review: review?.text || null, ratedAt: now, reviewMailDue: true })
      .where(eq(readingSessions.id, sessionId));
    await tx
      .update(readerProfiles)
      .set({
        ratingSum: sql`${readerProfiles.ratingSum} + ${input.rating}`,
        ratingCount: sql`${readerProfiles.ratingCount} + 1`,
      })
      .where(eq(readerProfiles.userId, session.readerId));
    return review?.masked ?? false;
  });
  return { ...(await loadSessionView(deps.db, sessionId))!, masked };
}

/** The user's own sessions (as client or reader), newest first. */
export async function sessionHistory(deps: SessionDeps, user: SessionUser, query: { limit: number; offset: number }) {
  const mine = or(eq(readingSessions.clientId, user.id), eq(readingSessions.readerId, user.id));
  const rows = await selectSessionsWithNames(deps.db)
    .where(mine)
    .orderBy(desc(readingSessions.requestedAt), desc(readingSessions.id))
    .limit(query.limit + 1)
    .offset(query.offset);
  return {
    sessions: rows.slice(0, query.limit).map(toReadingSession),
    hasMore: rows.length > query.limit,
  };
}
