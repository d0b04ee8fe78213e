import type { MailKind, MailLink } from '@shared/mail';

export interface OutgoingMail {
  id: string;
  kind: MailKind;
  to: string;
  subject: string;
  text: string;
  html: string;
  links: MailLink[];
}

/** Where a message goes: an SMTP server, or the local mailbox outside a real mail set-up. */
export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  close?(): void;
}
