/** What other features may use of a reader's private client notes: the panel and the two ways to reach it. */
export { ClientNotesButton, ClientNotesDisclosure } from './client-notes-access';
export { ClientNotesPanel } from './client-notes-panel';
