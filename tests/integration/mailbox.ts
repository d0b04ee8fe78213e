import type { MailboxMessage } from '../../src/shared/mail';
import { runMailWork } from '../../src/server/features/mail/mail-worker';
import { cookieFrom, http } from './http';
import type { TestApp } from './test-app';

/** Sends what is queued (as the worker would) and reads the mailbox of `to`, newest first. */
export async function deliveredTo(app: TestApp, to: string): Promise<MailboxMessage[]> {
  await runMailWork({ db: app.db, clock: app.clock, transport: app.mailTransport, publicUrl: app.config.publicUrl });
  return (await http(app).get(`/api/dev/mailbox?to=${encodeURIComponent(to.toLowerCase())}`)).body.messages;
}

const MAIL_WAIT_MS = 10_000;

/**
 * The newest message of a kind to `to`; fails the test when none arrived. The app's own mail worker
 * may hold the message (leased, being sent) when this pass looks, so it looks again until it is
 * there: on a loaded machine that send outlasted a single look.
 */
export async function latestMail(app: TestApp, to: string, kind: MailboxMessage['kind']): Promise<MailboxMessage> {
  const deadline = Date.now() + MAIL_WAIT_MS;
  for (;;) {
    const message = (await deliveredTo(app, to)).find((m) => m.kind === kind);
    if (message) return message;
    if (Date.now() > deadline) throw new Error(`no ${kind} mail to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The token in a mailed link (?token=…). */
export const tokenOf = (message: MailboxMessage) => new URL(message.links[0]!.url).searchParams.get('token')!;

/**
 * Signs a new person up as the web does: sign-up signs no one in, the mailed verification link
 * does. Returns their session cookie.
 */
export async function signUpByMail(
  app: TestApp,
  input: { name: string; email: string; password: string; [field: string]: unknown },
): Promise<string> {
  const signedUp = await http(app).post('/api/auth/sign-up/email', input);
  if (signedUp.status !== 200)
    throw new Error(`sign-up failed for ${input.email}: ${signedUp.status} ${JSON.stringify(signedUp.body)}`);
  const { pathname, search } = new URL((await latestMail(app, input.email, 'verify_email')).links[0]!.url);
  return cookieFrom((await app.app.inject({ method: 'GET', url: pathname + search })).headers);
}
