import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type MailboxMessage, mailboxMessageSchema } from '@shared/mail';
import type { Clock } from '../../clock';
import type { MailTransport } from './transport';

/**
 * Keeps every message as a JSON file in the mailbox folder (DATA_DIR/mailbox), named by its id so
 * a message sent again after a crash replaces itself. Written to a temporary name and renamed, so a
 * reader never sees half a file.
 */
export function mailboxTransport(dir: string, from: string, clock: Clock): MailTransport {
  return {
    async send(mail) {
      await mkdir(dir, { recursive: true });
      const message: MailboxMessage = { ...mail, from, sentAt: new Date(clock.now()).toISOString() };
      const path = join(dir, `${mail.id}.json`);
      await writeFile(`${path}.tmp`, JSON.stringify(message));
      await rename(`${path}.tmp`, path);
    },
  };
}

/** The mailbox's messages, newest first, only those to `to` when given. */
export async function readMailbox(dir: string, to?: string): Promise<MailboxMessage[]> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((name) => name.endsWith('.json'));
  } catch {
    return [];
  }
  const messages = await Promise.all(
    names.map(async (name) => {
      try {
        return mailboxMessageSchema.parse(JSON.parse(await readFile(join(dir, name), 'utf8')));
      } catch {
        return undefined;
      }
    }),
  );
  return messages
    .filter((m): m is MailboxMessage => m !== undefined && (!to || m.to === to))
    .sort((a, b) => b.sentAt.localeCompare(a.sentAt) || b.id.localeCompare(a.id));
}
