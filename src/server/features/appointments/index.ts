/** What other features may use of appointments: the scheduler's due work (answers, reminders, misses). */
export { runAppointmentWork } from './due-work';
