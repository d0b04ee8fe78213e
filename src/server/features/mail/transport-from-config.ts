import type { Clock } from '../../clock';
import type { Config } from '../../config';
import { mailboxTransport } from './mailbox-transport';
import { smtpTransport } from './smtp-transport';
import type { MailTransport } from './transport';

/**
 * SMTP when SMTP_URL is set; otherwise every message lands in the local mailbox under DATA_DIR.
 * MAIL_TRANSPORT=mailbox forces the mailbox: config.ts then leaves mail.smtpUrl unset.
 */
export function transportFromConfig(config: Config, clock: Clock): MailTransport {
  const { smtpUrl, from, mailboxDir } = config.mail;
  return smtpUrl ? smtpTransport(smtpUrl, from) : mailboxTransport(mailboxDir, from, clock);
}
