import type { MailboxMessage } from '../../src/shared/mail';
import { runMailWork } from '../../src/server/features/mail/mail-worker';
import { http } from './http';
import type { TestApp } from './test-app';

/** Sends what is queued (as the worker would) and reads the mailbox of `to`, newest first. */
export async function deliveredTo(app: TestApp, to: string): Promise<MailboxMessage[]> {
  await runMailWork({ db: app.db, clock: app.clock, transport: app.mailTransport, publicUrl: app.config.publicUrl });
  return (await http(app).get(`/api/dev/mailbox?to=${encodeURIComponent(to.toLowerCase())}`)).body.messages;
}

/** The newest message of a kind to `to`; fails the test when none arrived. */
export async function latestMail(app: TestApp, to: string, kind: MailboxMessage['kind']): Promise<MailboxMessage> {
  const message = (await deliveredTo(app, to)).find((m) => m.kind === kind);
  if (!message) throw new Error(`no ${kind} mail to ${to}`);
  return message;
}

/** The token in a mailed link (?token=…). */
export const tokenOf = (message: MailboxMessage) => new URL(message.links[0]!.url).searchParams.get('token')!;
