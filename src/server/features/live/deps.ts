import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import type { Realtime } from '../../realtime/realtime';
import type { Timers } from '../../timers';
import type { StreamChanges } from './stream-changes';

/** A stream that just went live, as the notifications of its reader's followers need it. */
export interface StreamWentLive {
  streamId: string;
  readerId: string;
  readerName: string;
  title: string;
}

export interface LiveDeps {
  db: Db;
  clock: Clock;
  /** The viewer count's once-a-second pace waits on these (fake ones in tests, with the fake clock). */
  timers: Timers;
  realtime: Realtime;
  /** Every process hears of a stream's new message, removal or mute before its room does. */
  streamChanges: StreamChanges;
  /**
   * Called after a stream's go-live commits (app.ts wires it to the followers' and reminders'
   * notifications). Its failure is logged, never undoes the go-live.
   */
  onStreamLive: (stream: StreamWentLive) => Promise<void>;
  /**
   * Called after a stream's end commits, however it ended (app.ts wires it to its Janus room's
   * destruction, decision 061); it handles its own failures, and a crash before it is the start-up
   * clean-up's to mend.
   */
  onStreamEnded?: StreamEndedHook;
}

export type StreamEndedHook = (streamId: string) => void;

/** The Socket.IO room of one stream: its reader's pages and every viewer's. */
export const streamRoom = (streamId: string) => `stream:${streamId}`;
