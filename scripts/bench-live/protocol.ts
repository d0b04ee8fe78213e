/** Messages between bench:live's orchestrator and its child processes (viewers, chatters, bare server). */
export interface CpuStats {
  /** User + system CPU time since the process started, in microseconds. */
  cpuMicros: number;
}

export type ToViewers =
  | { type: 'connect'; base: string; origin: string; cookies: string[]; count: number }
  | { type: 'join'; streamId: string }
  | { type: 'report' }
  | { type: 'leave' };
export type FromViewers =
  | { type: 'connected'; connected: number; failed: number }
  | { type: 'joined'; joined: number; failed: number; firstError: string | null }
  | { type: 'report'; chatDelaysMs: number[]; viewerEvents: number }
  | { type: 'left' };

export type ToChatters =
  | { type: 'start'; base: string; origin: string; cookies: string[]; streamId: string }
  | { type: 'send'; round: number }
  | { type: 'report' }
  | { type: 'stop' };
export type FromChatters =
  | { type: 'ready'; joined: number }
  | { type: 'sent'; refused: number }
  | { type: 'report'; heardByChatter: number[]; reconnects: number }
  | { type: 'stopped' };

export type ToBare = { type: 'stats' } | { type: 'close' };
export type FromBare = { type: 'listening'; port: number } | ({ type: 'stats' } & CpuStats) | { type: 'closed' };

export const cpuStats = (): CpuStats => {
  const cpu = process.cpuUsage();
  return { cpuMicros: cpu.user + cpu.system };
};

// A chat message carries its sending time in letters: the contact rule (decision 068) masks a run of
// digits as a phone number, and every delay came out NaN.
const DIGIT_LETTERS = 'abcdefghij';

/** The chat message a chatter sends: `bench:` and the time in letters. */
export function chatStamp(nowMs: number): string {
  return `bench:${String(nowMs).replace(/\d/g, (digit) => DIGIT_LETTERS[Number(digit)] ?? '')}`;
}

/** The sending time a chat message carries (chatStamp). */
export function chatStampTime(content: string): number {
  const letters = content.split(':')[1] ?? '';
  return Number(letters.replace(/[a-j]/g, (letter) => String(DIGIT_LETTERS.indexOf(letter))));
}
