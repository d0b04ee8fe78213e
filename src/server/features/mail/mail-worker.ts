import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { mailMessages } from '../../db/schema';
import { mailFailures } from '../../metrics/process-metrics';
import { retryDelayMs, startPassLoop } from '../../worker-loop';
import { queueDueNotices } from './notices';
import type { MailTransport } from './transport';

const BATCH = 20;
/** Long enough for any SMTP exchange; a worker that died mid-send frees its messages after this. */
export const MAIL_LEASE_MS = 2 * 60_000;
export const MAIL_MAX_ATTEMPTS = 8;

export interface MailWorkerDeps {
  db: Db;
  clock: Clock;
  transport: MailTransport;
  /** The site's address, for the links in the notices this pass queues (notices.ts). */
  publicUrl: string;
  /** Where a failed send is told, with what to do (decision 054); the app's logger. */
  log?: MailFailureLog;
}

interface MailFailureLog {
  warn(obj: unknown, msg: string): void;
  error(obj: unknown, msg: string): void;
}

/**
 * One pass: queues the notices marked since the last pass (notices.ts), then leases the due messages (SKIP LOCKED, so two processes never take the same one), sends
 * each outside any transaction (PGlite runs one transaction at a time, and a slow mail server must
 * not hold a lock), then marks it sent or schedules a retry. All state is in the rows: a restart
 * picks up what was queued, and a message leased by a process that died is retried after its lease.
 */
export async function runMailWork(deps: MailWorkerDeps): Promise<number> {
  const { db, clock, transport } = deps;
  await queueDueNotices(deps);
  const now = new Date(clock.now());
  const leased = await db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(mailMessages)
      .where(
        and(
          eq(mailMessages.status, 'queued'),
          lte(mailMessages.nextAttemptAt, now),
          or(isNull(mailMessages.leasedUntil), lte(mailMessages.leasedUntil, now)),
        ),
      )
      .orderBy(asc(mailMessages.nextAttemptAt))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    await tx
      .update(mailMessages)
      .set({ leasedUntil: new Date(now.getTime() + MAIL_LEASE_MS), attempts: sql`${mailMessages.attempts} + 1` })
      .where(
        inArray(
          mailMessages.id,
          due.map((m) => m.id),
        ),
      );
    return due;
  });
  for (const message of leased) {
    const attempts = message.attempts + 1;
    try {
      await transport.send({
        id: message.id,
        kind: message.kind,
        to: message.toAddress,
        subject: message.subject,
        text: message.text,
        html: message.html,
        links: message.links,
      });
      await db
        .update(mailMessages)
        .set({ status: 'sent', sentAt: new Date(clock.now()), leasedUntil: null, lastError: null })
        .where(eq(mailMessages.id, message.id));
    } catch (error) {
      const isLastAttempt = attempts >= MAIL_MAX_ATTEMPTS;
      const about = { mailId: message.id, kind: message.kind, attempts, err: error };
      // Mail nobody reads is a silent failure: each one is told, and the last attempt counted.
      if (isLastAttempt) {
        mailFailures.inc({ kind: message.kind });
        deps.log?.error(
          about,
          `a ${message.kind} mail could not be sent after ${attempts} attempts and is marked failed: check SMTP_URL and that the mail server accepts the connection`,
        );
      } else {
        deps.log?.warn(
          about,
          `a ${message.kind} mail could not be sent (attempt ${attempts} of ${MAIL_MAX_ATTEMPTS}); it is tried again later: check SMTP_URL and the mail server`,
        );
      }
      await db
        .update(mailMessages)
        .set({
          status: isLastAttempt ? 'failed' : 'queued',
          nextAttemptAt: new Date(clock.now() + retryDelayMs(attempts)),
          leasedUntil: null,
          lastError: String(error instanceof Error ? error.message : error).slice(0, 500),
        })
        .where(eq(mailMessages.id, message.id));
    }
  }
  return leased.length;
}

/** Runs runMailWork every second until stopped; a failing pass is logged and the next one retries. */
export function startMailWorker(deps: MailWorkerDeps, log: MailFailureLog) {
  const loop = startPassLoop(() => runMailWork({ log, ...deps }), log, 'mail worker pass failed');
  return {
    async stop() {
      await loop.stop();
      deps.transport.close?.();
    },
  };
}
