/** What other features may use of mail: a message queued in their own transaction, and the messages they send. */
export {
  applicationApprovedMail,
  applicationReceivedMail,
  applicationRejectedMail,
  appointmentReminderMail,
  promotionOfferMail,
  writtenReadingAnsweredMail,
} from './messages';
export { queueMail } from './queue-mail';
