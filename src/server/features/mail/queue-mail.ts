import { randomUUID } from 'node:crypto';
import type { MailKind } from '@shared/mail';
import type { Clock } from '../../clock';
import type { DbOrTx } from '../../db/client';
import { mailMessages } from '../../db/schema';
import type { MailContent } from './layout';

/**
 * Queues one message; the mail worker sends it (not before `notBefore`, when given: an offer waits
 * out its person's quiet hours). Inside the caller's transaction when given one, so a message about
 * something that rolled back is never sent, and no request waits on a mail server.
 */
export async function queueMail(
  db: DbOrTx,
  clock: Clock,
  input: { kind: MailKind; to: string; content: MailContent; notBefore?: Date },
): Promise<string> {
  const id = randomUUID();
  const now = new Date(clock.now());
  await db.insert(mailMessages).values({
    id,
    kind: input.kind,
    toAddress: input.to.toLowerCase(),
    subject: input.content.subject,
    text: input.content.text,
    html: input.content.html,
    links: input.content.links,
    nextAttemptAt: input.notBefore ?? now,
    createdAt: now,
  });
  return id;
}
