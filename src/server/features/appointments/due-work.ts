import { APPOINTMENT_MISSED_AFTER_MINUTES, APPOINTMENT_REMINDER_MINUTES } from '@shared/appointments';
import { formatCents } from '@shared/money';
import { paths } from '@shared/paths';
import { SERVER_EVENTS } from '@shared/realtime';
import { and, asc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client';
import { appointments, readerProfiles, user } from '../../db/schema';
import { appointmentReminderMail, queueMail } from '../mail';
import { deliverNotifications, type NotificationRow } from '../notifications';
import { getBalances, lockAccounts, walletAccountId } from '../wallet';
import { readerFullName } from '../readers';
import type { AppointmentDeps } from './deps';
import { MINUTE_MS } from '@shared/time-units';
import { notifyAboutAppointment } from './notify';
import { appointmentFeeCents, settleAppointment, settlementAccounts } from './settle';
import type { AppointmentRow } from './view';

const BATCH = 50;
const [DAY_REMINDER_MINUTES, SOON_REMINDER_MINUTES] = APPOINTMENT_REMINDER_MINUTES;

/** The scheduler's rules for appointments at `now`, as conditions on a row (each also re-checked in JavaScript under the row lock). */
function dueConditions(now: Date) {
  const at = (minutes: number) => new Date(now.getTime() + minutes * MINUTE_MS);
  const isAccepted = eq(appointments.status, 'accepted');
  const answerTimeOver = and(eq(appointments.status, 'pending'), lte(appointments.answerBy, now));
  // A booking made within a day of its start has had its notice; its day reminder is never due.
  const dayReminder = and(
    isAccepted,
    isNull(appointments.dayReminderAt),
    lte(appointments.startsAt, at(DAY_REMINDER_MINUTES)),
    gt(appointments.startsAt, at(SOON_REMINDER_MINUTES)),
    sql`${appointments.createdAt} < ${appointments.startsAt} - make_interval(mins => ${DAY_REMINDER_MINUTES})`,
  );
  const soonReminder = and(
    isAccepted,
    isNull(appointments.soonReminderAt),
    lte(appointments.startsAt, at(SOON_REMINDER_MINUTES)),
    gt(appointments.startsAt, now),
  );
  const missed = and(
    isAccepted,
    lte(appointments.startsAt, at(-APPOINTMENT_MISSED_AFTER_MINUTES)),
    or(isNull(appointments.readerJoinedAt), isNull(appointments.clientJoinedAt)),
  );
  return or(answerTimeOver, dayReminder, soonReminder, missed);
}

const client = alias(user, 'client');
const reader = alias(user, 'reader');

type People = Map<
  string,
  { clientName: string; clientEmail: string; readerName: string; readerEmail: string; readerProfileName: string }
>;

async function peopleOf(tx: Tx, ids: string[]): Promise<People> {
  const rows = await tx
    .select({
      id: appointments.id,
      clientName: client.name,
      clientEmail: client.email,
      readerName: reader.name,
      readerEmail: reader.email,
      readerProfileName: readerFullName,
    })
    .from(appointments)
    .innerJoin(client, eq(client.id, appointments.clientId))
    .innerJoin(reader, eq(reader.id, appointments.readerId))
    .innerJoin(readerProfiles, eq(readerProfiles.userId, appointments.readerId))
    .where(inArray(appointments.id, ids));
  return new Map(rows.map(({ id, ...names }) => [id, names]));
}

const startText = (row: AppointmentRow) => `${row.startsAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * The scheduler's share of appointments (docs/decisions/048), in one pass:
 * - a pending appointment unanswered at its answer time is declined by itself, its hold released;
 * - an accepted one is reminded to both sides (notification and mail) a day and 15 minutes before,
 *   each once (the reminder's column is set in the transaction that queues it);
 * - 10 minutes after the start, an accepted one whose reader has not joined is missed by the reader
 *   (released in full); whose client has not, missed by the client (half the price to the reader).
 * Rows are taken with SKIP LOCKED, so several processes share the work and an answer being written
 * (which holds the row) finishes first; all the accounts are locked up front in the ledger's order.
 */
export async function runAppointmentWork(deps: AppointmentDeps): Promise<number> {
  const now = new Date(deps.clock.now());
  const due = dueConditions(now);
  // Every full pass of the billing scheduler (each tick) comes here, and nearly always finds
  // nothing: one indexed read then, not a transaction.
  const [any] = await deps.db.select({ id: appointments.id }).from(appointments).where(due).limit(1);
  if (!any) return 0;
  const notices: NotificationRow[] = [];
  const clients = new Set<string>();
  const url = `${deps.publicUrl}${paths.dashboardAppointments}`;
  const handled = await deps.db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(appointments)
      .where(due)
      .orderBy(asc(appointments.startsAt))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    if (rows.length === 0) return 0;
    await lockAccounts(tx, rows.flatMap(settlementAccounts));
    const people = await peopleOf(
      tx,
      rows.map((row) => row.id),
    );
    const tell = async (
      row: AppointmentRow,
      userId: string,
      kind: Parameters<typeof notifyAboutAppointment>[1]['kind'],
      title: string,
      body: string,
    ) => {
      notices.push(await notifyAboutAppointment(tx, { userId, kind, title, body, subjectId: row.id, now }));
    };
    for (const row of rows) {
      const names = people.get(row.id)!;
      const minutesToStart = (row.startsAt.getTime() - now.getTime()) / MINUTE_MS;
      if (row.status === 'pending') {
        await settleAppointment(tx, row, { status: 'declined', feeCents: 0 }, now);
        clients.add(row.clientId);
        await tell(
          row,
          row.clientId,
          'appointment_declined',
          'Your appointment was not accepted in time',
          `${names.readerProfileName} did not answer: ${formatCents(row.priceCents)} is back in your wallet.`,
        );
      } else if (minutesToStart <= -APPOINTMENT_MISSED_AFTER_MINUTES) {
        clients.add(row.clientId);
        if (row.readerJoinedAt === null) {
          await settleAppointment(tx, row, { status: 'missed_by_reader', feeCents: 0 }, now);
          await tell(
            row,
            row.clientId,
            'appointment_missed',
            'Your reader did not come',
            `${names.readerProfileName} missed your appointment: ${formatCents(row.priceCents)} is back in your wallet.`,
          );
          await tell(
            row,
            row.readerId,
            'appointment_missed',
            'You missed an appointment',
            `You did not join your ${row.minutes}-minute reading at ${startText(row)}: the client was refunded.`,
          );
        } else {
          const feeCents = appointmentFeeCents(row.priceCents);
          await settleAppointment(tx, row, { status: 'missed_by_client', feeCents }, now);
          await tell(
            row,
            row.clientId,
            'appointment_missed',
            'You missed your appointment',
            `Half the price (${formatCents(feeCents)}) went to your reader as a no-show fee; the rest is back in your wallet.`,
          );
          await tell(
            row,
            row.readerId,
            'appointment_missed',
            'Your client did not come',
            `A no-show fee of ${formatCents(feeCents)} is yours.`,
          );
        }
      } else {
        const isSoon = minutesToStart <= SOON_REMINDER_MINUTES;
        await tx
          .update(appointments)
          .set(isSoon ? { soonReminderAt: now } : { dayReminderAt: now })
          .where(eq(appointments.id, row.id));
        const when = isSoon ? 'in 15 minutes' : 'tomorrow';
        const common = { type: row.sessionType, minutes: row.minutes, startsAt: startText(row), isSoon, url };
        await queueMail(tx, deps.clock, {
          kind: 'appointment_reminder',
          to: names.clientEmail,
          content: appointmentReminderMail({ ...common, name: names.clientName, withName: names.readerProfileName }),
        });
        await queueMail(tx, deps.clock, {
          kind: 'appointment_reminder',
          to: names.readerEmail,
          content: appointmentReminderMail({ ...common, name: names.readerName, withName: names.clientName }),
        });
        const body = `Your ${row.minutes}-minute ${row.sessionType} reading starts ${when}.`;
        await tell(
          row,
          row.clientId,
          'appointment_reminder',
          `Your reading with ${names.readerProfileName} starts ${when}`,
          body,
        );
        await tell(
          row,
          row.readerId,
          'appointment_reminder',
          `Your reading with ${names.clientName} starts ${when}`,
          body,
        );
      }
    }
    return rows.length;
  });
  deliverNotifications(deps.realtime, notices);
  if (clients.size > 0) {
    const balances = await getBalances(deps.db, [...clients].map(walletAccountId));
    for (const clientId of clients)
      deps.realtime.toUser(clientId, SERVER_EVENTS.walletUpdated, {
        balanceCents: balances.get(walletAccountId(clientId)) ?? 0,
      });
  }
  return handled;
}
