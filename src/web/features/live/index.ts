/** What other features may use of live: the reader's own streams. */
export { MyStreams } from './my-streams';
