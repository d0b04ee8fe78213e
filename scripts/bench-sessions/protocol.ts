/** Messages between the bench's orchestrator and its participant and app-node processes. */
export interface PairTask {
  readerId: string;
  clientCookie: string;
  readerCookie: string;
  /** The app node each side talks to (with --nodes 2 the two sides are on different nodes). */
  clientBase: string;
  readerBase: string;
}

export type ToParticipants =
  | { type: 'start'; minuteMs: number; origin: string; pairs: PairTask[] }
  | { type: 'measure' }
  | { type: 'stop' }
  | { type: 'end' };

export type FromParticipants =
  | { type: 'ready'; sessionIds: string[]; failed: number; firstErrors: string[] }
  | { type: 'report'; delaysMs: number[] }
  | { type: 'ended' };

export interface ProcessStats {
  rssBytes: number;
  /** User + system CPU time since the process started, in microseconds. */
  cpuMicros: number;
}

export type ToAppNode = { type: 'stats' } | { type: 'close' };
export type FromAppNode = { type: 'listening'; port: number } | ({ type: 'stats' } & ProcessStats) | { type: 'closed' };

export function processStats(): ProcessStats {
  const cpu = process.cpuUsage();
  return { rssBytes: process.memoryUsage.rss(), cpuMicros: cpu.user + cpu.system };
}
