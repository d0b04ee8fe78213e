import { and, asc, eq, inArray, isNotNull, or } from 'drizzle-orm';
import type { AccountExport } from '@shared/account';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import {
  appointments,
  contactMasks,
  deposits,
  ledgerTransfers,
  payouts,
  readerClientNotes,
  readerProfiles,
  readingSessions,
  sessionMessages,
  twoFactor,
  user,
  userBlocks,
  writtenReadings,
} from '../../db/schema';
import { notFound } from '../../errors';
import { earningsAccountId, escrowAccountId, holdAccountId, walletAccountId } from '../wallet';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function exportedReading(r: typeof readingSessions.$inferSelect, userId: string): AccountExport['readings'][number] {
  return {
    id: r.id,
    as: r.clientId === userId ? 'client' : 'reader',
    type: r.sessionType,
    status: r.status,
    requestedAt: iso(r.requestedAt),
    startedAt: iso(r.startedAt),
    endedAt: iso(r.endedAt),
    endReason: r.endReason,
    ratePerMinuteCents: r.ratePerMinuteCents,
    minutesCharged: r.minutesCharged,
    freeMinutes: r.freeMinutes,
    totalCostCents: r.totalCostCents,
    readerEarningsCents: r.readerEarningsCents,
    refundedCents: r.refundedCents,
  };
}

/** A ledger movement seen from the person's side: out of one of `accounts` or into one. */
function exportedTransaction(
  t: typeof ledgerTransfers.$inferSelect,
  accounts: string[],
): AccountExport['transactions'][number] {
  const isOut = accounts.includes(t.debitAccountId);
  return {
    id: t.id,
    account: (isOut ? t.debitAccountId : t.creditAccountId).split(':')[0]!,
    direction: isOut ? 'out' : 'in',
    amountCents: t.amountCents,
    kind: t.kind,
    reference: t.reference,
    at: t.createdAt.toISOString(),
  };
}

function exportedWrittenReading(
  w: typeof writtenReadings.$inferSelect,
  userId: string,
): AccountExport['writtenReadings'][number] {
  return {
    id: w.id,
    as: w.clientId === userId ? 'client' : 'reader',
    question: w.question,
    answer: w.answer,
    priceCents: w.priceCents,
    status: w.status,
    askedAt: w.createdAt.toISOString(),
    answeredAt: iso(w.answeredAt),
    refundedAt: iso(w.refundedAt),
    rating: w.rating,
    review: w.review,
  };
}

function exportedAppointment(
  a: typeof appointments.$inferSelect,
  userId: string,
): AccountExport['appointments'][number] {
  return {
    id: a.id,
    as: a.clientId === userId ? 'client' : 'reader',
    type: a.sessionType,
    startsAt: a.startsAt.toISOString(),
    minutes: a.minutes,
    priceCents: a.priceCents,
    status: a.status,
    feeCents: a.feeCents,
    bookedAt: a.createdAt.toISOString(),
    settledAt: iso(a.settledAt),
  };
}

/**
 * Everything held about the person, as the privacy policy promises access to it: the profile, the
 * readings on either side, the chat messages still retained, every ledger movement of their
 * accounts, reviews given and received, deposits and payouts. Secrets (password hash, two-factor
 * secret, session tokens) are not data about them and stay out.
 */
export async function exportAccount(db: Db, clock: Clock, userId: string): Promise<AccountExport> {
  const [person] = await db.select().from(user).where(eq(user.id, userId));
  if (!person) throw notFound('User not found');
  const [reader] = await db.select().from(readerProfiles).where(eq(readerProfiles.userId, userId));
  const readings = await db
    .select()
    .from(readingSessions)
    .where(or(eq(readingSessions.clientId, userId), eq(readingSessions.readerId, userId)))
    .orderBy(asc(readingSessions.requestedAt));
  const sessionIds = readings.map((r) => r.id);
  const messages = sessionIds.length
    ? await db
        .select()
        .from(sessionMessages)
        .where(inArray(sessionMessages.sessionId, sessionIds))
        .orderBy(asc(sessionMessages.createdAt))
    : [];
  const accounts = [walletAccountId(userId), holdAccountId(userId), escrowAccountId(userId), earningsAccountId(userId)];
  const transfers = await db
    .select()
    .from(ledgerTransfers)
    .where(or(inArray(ledgerTransfers.debitAccountId, accounts), inArray(ledgerTransfers.creditAccountId, accounts)))
    .orderBy(asc(ledgerTransfers.id));
  const rated = await db
    .select()
    .from(readingSessions)
    .where(
      and(
        isNotNull(readingSessions.rating),
        or(eq(readingSessions.clientId, userId), eq(readingSessions.readerId, userId)),
      ),
    );
  const review = (r: (typeof rated)[number]) => ({
    sessionId: r.id,
    rating: r.rating ?? 0,
    review: r.review,
    ratedAt: iso(r.ratedAt),
  });
  const [hasTwoFactor] = await db
    .select({ id: twoFactor.id })
    .from(twoFactor)
    .where(eq(twoFactor.userId, userId))
    .limit(1);
  const depositRows = await db
    .select()
    .from(deposits)
    .where(eq(deposits.userId, userId))
    .orderBy(asc(deposits.createdAt));
  const payoutRows = await db
    .select()
    .from(payouts)
    .where(eq(payouts.readerId, userId))
    .orderBy(asc(payouts.createdAt));
  const questions = await db
    .select()
    .from(writtenReadings)
    .where(or(eq(writtenReadings.clientId, userId), eq(writtenReadings.readerId, userId)))
    .orderBy(asc(writtenReadings.createdAt));
  const booked = await db
    .select()
    .from(appointments)
    .where(or(eq(appointments.clientId, userId), eq(appointments.readerId, userId)))
    .orderBy(asc(appointments.createdAt));
  const notes = await db
    .select()
    .from(readerClientNotes)
    .where(eq(readerClientNotes.readerId, userId))
    .orderBy(asc(readerClientNotes.createdAt));
  const masked = await db
    .select()
    .from(contactMasks)
    .where(eq(contactMasks.userId, userId))
    .orderBy(asc(contactMasks.createdAt));
  const blocked = await db
    .select()
    .from(userBlocks)
    .where(eq(userBlocks.blockerId, userId))
    .orderBy(asc(userBlocks.createdAt));
  const { searchText: _searchText, ...readerFields } = reader ?? { searchText: '' };

  return {
    exportedAt: new Date(clock.now()).toISOString(),
    profile: {
      id: person.id,
      name: person.name,
      email: person.email,
      emailVerified: person.emailVerified,
      role: person.role,
      image: person.image,
      twoFactorEnabled: person.twoFactorEnabled && Boolean(hasTwoFactor),
      createdAt: person.createdAt.toISOString(),
      reader: reader ? readerFields : null,
    },
    readings: readings.map((r) => exportedReading(r, userId)),
    messages: messages.map((m) => ({
      sessionId: m.sessionId,
      isMine: m.senderId === userId,
      content: m.content,
      sentAt: m.createdAt.toISOString(),
    })),
    transactions: transfers.map((t) => exportedTransaction(t, accounts)),
    reviews: {
      given: rated.filter((r) => r.clientId === userId).map(review),
      received: rated.filter((r) => r.readerId === userId).map(review),
    },
    deposits: depositRows.map((d) => ({
      id: d.id,
      amountCents: d.amountCents,
      status: d.status,
      at: d.createdAt.toISOString(),
    })),
    payouts: payoutRows.map((p) => ({
      id: p.id,
      amountCents: p.amountCents,
      status: p.status,
      requestedAt: p.createdAt.toISOString(),
      decidedAt: iso(p.decidedAt),
    })),
    writtenReadings: questions.map((w) => exportedWrittenReading(w, userId)),
    appointments: booked.map((a) => exportedAppointment(a, userId)),
    clientNotes: notes.map((n) => ({
      id: n.id,
      clientId: n.clientId,
      text: n.text,
      createdAt: n.createdAt.toISOString(),
      updatedAt: n.updatedAt.toISOString(),
    })),
    maskedOriginals: masked.map((m) => ({
      context: m.context,
      subjectId: m.subjectId,
      original: m.original,
      at: m.createdAt.toISOString(),
    })),
    blocks: blocked.map((b) => ({ userId: b.blockedId, reason: b.reason, createdAt: b.createdAt.toISOString() })),
  };
}
