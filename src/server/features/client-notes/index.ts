/** What other features may use of a reader's client notes: the routes, and the notes an admin sees inside a report. */
export { notesInvolving } from './client-notes';
export { clientNoteRoutes } from './routes';
