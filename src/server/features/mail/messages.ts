import { RATING_WINDOW_DAYS } from '@shared/constants';
import { formatCents } from '@shared/money';
import { composeMail, type MailContent } from './layout';

const hello = (name: string) => `Hello ${name.trim().split(/\s+/)[0] || 'there'},`;

export function verifyEmailMail(input: { name: string; url: string }): MailContent {
  return composeMail({
    subject: 'Verify your email for Soul Tribe',
    greeting: hello(input.name),
    paragraphs: ['Welcome to Soul Tribe. Please confirm this is your email address.'],
    action: { label: 'Verify email', url: input.url },
    footnote: 'If you did not create a Soul Tribe account, you can ignore this message.',
  });
}

export function resetPasswordMail(input: { name: string; url: string }): MailContent {
  return composeMail({
    subject: 'Reset your Soul Tribe password',
    greeting: hello(input.name),
    paragraphs: ['Someone asked to reset the password of your Soul Tribe account. The link works once, for one hour.'],
    action: { label: 'Choose a new password', url: input.url },
    footnote: 'If it was not you, ignore this message: your password stays as it is.',
  });
}

/** To the owner of an email someone signed up with: the sign-up's answer said nothing of it. */
export function signUpAttemptMail(input: { name: string; url: string }): MailContent {
  return composeMail({
    subject: 'Someone tried to sign up with your email',
    greeting: hello(input.name),
    paragraphs: [
      'Someone just tried to create a Soul Tribe account with this email address. You already have one, so nothing was created and nothing changed.',
      'If it was you, sign in with your password. Forgot it? Choose a new one here:',
    ],
    action: { label: 'Reset your password', url: input.url },
    footnote: 'If it was not you, you can ignore this message: no one can use your account without your password.',
  });
}

export interface ReceiptLine {
  label: string;
  amountCents: number;
}

/** A mail cannot know its reader's zone: its dates are in UTC, and say so. */
const mailDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });

/** `receiptNumber` is the reading's id, the one its receipt page and the admin's sessions show (decision 060). */
export function readingReceiptMail(input: {
  name: string;
  readerName: string;
  type: string;
  minutes: number;
  receiptNumber: string;
  endedAt: Date;
  lines: ReceiptLine[];
  totalCents: number;
  url: string;
}): MailContent {
  return composeMail({
    subject: `Your receipt: ${input.type} reading with ${input.readerName}`,
    greeting: hello(input.name),
    paragraphs: [
      `Thank you for your ${input.type} reading with ${input.readerName} (${input.minutes} minute${input.minutes === 1 ? '' : 's'}). Here is what it cost.`,
    ],
    rows: [
      ['Receipt no.', input.receiptNumber],
      ['Date', `${mailDate.format(input.endedAt)} UTC`],
      ...input.lines.map((line): [string, string] => [line.label, formatCents(line.amountCents)]),
      ['Total', formatCents(input.totalCents)],
    ],
    action: { label: 'See the reading', url: input.url },
  });
}

export function payoutDecidedMail(input: {
  name: string;
  amountCents: number;
  isPaid: boolean;
  url: string;
}): MailContent {
  const amount = formatCents(input.amountCents);
  return composeMail({
    subject: input.isPaid ? `Your payout of ${amount} is on its way` : `Your payout request of ${amount} was declined`,
    greeting: hello(input.name),
    paragraphs: [
      input.isPaid
        ? `Your payout request of ${amount} was approved and paid.`
        : `Your payout request of ${amount} was declined. The money is back in your available earnings.`,
    ],
    action: { label: 'See your earnings', url: input.url },
  });
}

export function newReviewMail(input: {
  name: string;
  rating: number;
  comment: string | null;
  url: string;
}): MailContent {
  return composeMail({
    subject: `A new ${input.rating}-star review`,
    greeting: hello(input.name),
    paragraphs: [
      `A client rated your reading ${input.rating} out of 5.`,
      ...(input.comment ? [`“${input.comment}”`] : []),
    ],
    action: { label: 'See your reviews', url: input.url },
  });
}

export function orderShippedMail(input: {
  name: string;
  items: string[];
  sellerName: string;
  carrier: string | null;
  trackingNumber: string | null;
  url: string;
}): MailContent {
  const tracking = input.trackingNumber
    ? `Tracking number: ${input.trackingNumber}${input.carrier ? ` (${input.carrier})` : ''}.`
    : input.carrier
      ? `Carrier: ${input.carrier}.`
      : 'No tracking number was given.';
  return composeMail({
    subject: 'Your order has shipped',
    greeting: hello(input.name),
    paragraphs: [`${input.sellerName} sent your ${input.items.join(', ')}.`, tracking],
    action: { label: 'See your orders', url: input.url },
  });
}

/** To someone who applied to read: their application arrived, and where to follow it. */
export function applicationReceivedMail(input: { name: string; statusUrl: string }): MailContent {
  return composeMail({
    subject: 'We received your application to read on Soul Tribe',
    greeting: hello(input.name),
    paragraphs: [
      'Thank you for applying to read on Soul Tribe. Our team reads every application, sample reading included, and answers by mail.',
      'You can see where your application stands at any time:',
    ],
    action: { label: 'See your application', url: input.statusUrl },
    footnote: 'Keep this message: the link is the only way to see your application, and it is yours alone.',
  });
}

/** An approved applicant's one-time link to choose the password of their new reader account. */
export function applicationApprovedMail(input: { name: string; url: string; validDays: number }): MailContent {
  return composeMail({
    subject: 'Welcome to Soul Tribe: your reader account is ready',
    greeting: hello(input.name),
    paragraphs: [
      'Your application was approved: your reader account is ready.',
      `Choose your password to sign in. The link works once, for ${input.validDays} days; after that, ask for a new one with 'Forgot password?' on the sign-in page.`,
    ],
    action: { label: 'Set your password', url: input.url },
  });
}

/** A declined application, with the admin's reason. */
export function applicationRejectedMail(input: { name: string; reason: string }): MailContent {
  return composeMail({
    subject: 'Your application to read on Soul Tribe',
    greeting: hello(input.name),
    paragraphs: [
      'Thank you for applying to read on Soul Tribe. We are not able to accept your application at this time.',
      `Our reason: ${input.reason}`,
    ],
  });
}

/** A written reading's answer is in (decision 047). The answer itself stays on the site, behind sign-in. */
export function writtenReadingAnsweredMail(input: { name: string; readerName: string; url: string }): MailContent {
  return composeMail({
    subject: `${input.readerName} answered your question`,
    greeting: hello(input.name),
    paragraphs: [
      `${input.readerName} has answered the question you asked by message. Read it in your Messages; you can rate the answer there within ${RATING_WINDOW_DAYS} days.`,
    ],
    action: { label: 'Read the answer', url: input.url },
  });
}

/** An accepted appointment is near (decision 048): a day before, and 15 minutes before, to both sides. */
export function appointmentReminderMail(input: {
  name: string;
  withName: string;
  type: string;
  minutes: number;
  startsAt: string;
  isSoon: boolean;
  url: string;
}): MailContent {
  const when = input.isSoon ? 'in 15 minutes' : 'tomorrow';
  return composeMail({
    subject: `Reminder: your ${input.type} reading with ${input.withName} starts ${when}`,
    greeting: hello(input.name),
    paragraphs: [
      `Your ${input.minutes}-minute ${input.type} reading with ${input.withName} starts ${when}, at ${input.startsAt}.`,
      "From 5 minutes before the start, 'Join' on your Appointments tab opens the reading room.",
    ],
    action: { label: 'Open your appointments', url: input.url },
  });
}

/**
 * A promotion sent to a client who opted into offers by mail (decision 066): what it gives, the code,
 * until when, and how to stop such mail.
 */
export function promotionOfferMail(input: {
  name: string;
  code: string;
  summary: string;
  endsAt: string | null;
  url: string;
  settingsUrl: string;
}): MailContent {
  return composeMail({
    subject: `An offer for you: ${input.code}`,
    greeting: hello(input.name),
    paragraphs: [
      `Use the code ${input.code} on Soul Tribe for ${input.summary}.`,
      input.endsAt ? `The code can be used until ${input.endsAt} UTC, once.` : 'The code can be used once.',
      'Promotional credit is spent before your own money, cannot be withdrawn and expires as shown in your wallet.',
    ],
    action: { label: 'Use the code', url: input.url },
    footnote: `You get this because you chose to receive offers by mail. To stop them, turn off 'Offers and promotion codes' in your notification settings: ${input.settingsUrl}`,
  });
}
