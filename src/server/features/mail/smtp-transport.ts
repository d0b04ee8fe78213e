import nodemailer from 'nodemailer';
import type { MailTransport } from './transport';

/** Sends through the SMTP server of SMTP_URL (smtp://user:pass@host:587, smtps:// for TLS from the start). */
export function smtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    async send(mail) {
      await transporter.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    },
    close: () => transporter.close(),
  };
}
