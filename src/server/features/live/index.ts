/** What other features may use of live: ending streams (admin, scheduler) and the go-live event. */
export type { StreamWentLive } from './deps';
export { endStreamsOfAbsentReaders } from './end-absent-streams';
export { endLiveStreamsOf } from './end-stream';
