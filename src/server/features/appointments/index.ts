/** What other features may use of appointments: the scheduler's due work, the reference of their holds, and whether a reader is booked now. */
export { appointmentReference } from './deps';
export { runAppointmentWork } from './due-work';
export { walkInAgainstAppointments } from './busy';
export { releaseAppointmentsBetween } from './release-between';
