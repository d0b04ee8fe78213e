import { z } from './zod-config';

/** Every message the product sends (docs/decisions/028). */
export const MAIL_KINDS = [
  'verify_email',
  'reset_password',
  'sign_up_attempt',
  'reading_receipt',
  'payout_decided',
  'new_review',
  'order_shipped',
  // Readers who apply (decision 045): received (with the status link), approved (a link to set a password), rejected
  // (the reason).
  'reader_application_received',
  'reader_application_approved',
  'reader_application_rejected',
  // A written reading's answer (decision 047), to the client who asked.
  'written_reading_answered',
  // An appointment's reminders (decision 048), to both sides, a day and 15 minutes before.
  'appointment_reminder',
  // A promotion sent to the clients who opted into offers by mail (decision 066), never in their quiet hours.
  'promotion',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

export const MAIL_STATUSES = ['queued', 'sent', 'failed'] as const;

export const mailLinkSchema = z.object({ label: z.string(), url: z.string() });
export type MailLink = z.infer<typeof mailLinkSchema>;

/** One message as the local mailbox keeps it (outside production: /dev/mailbox). */
export const mailboxMessageSchema = z.object({
  id: z.string(),
  kind: z.enum(MAIL_KINDS),
  to: z.string(),
  from: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  links: z.array(mailLinkSchema),
  sentAt: z.string(),
});
export type MailboxMessage = z.infer<typeof mailboxMessageSchema>;

export const mailboxQuerySchema = z.object({ to: z.string().trim().toLowerCase().max(254).optional() });

export const mailboxResponseSchema = z.object({ messages: z.array(mailboxMessageSchema) });
export type MailboxResponse = z.infer<typeof mailboxResponseSchema>;
