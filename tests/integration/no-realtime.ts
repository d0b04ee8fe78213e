import type { Realtime } from '../../src/server/realtime/realtime';

/** A Realtime that tells no one: for services called directly, outside the app. */
export const noRealtime: Realtime = {
  toUser() {},
  toRoom() {},
  toReaderWatchers() {},
  closeRoom() {},
  disconnectUser() {},
};
