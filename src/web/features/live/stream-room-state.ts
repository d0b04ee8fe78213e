import type { StreamChat, StreamEndReason } from '@shared/live';
import type { StreamGiftEvent } from '@shared/realtime';

/** A line of the stream's chat: a viewer's message, or a gift someone sent. */
export type ChatLine =
  | { kind: 'message'; id: string; message: StreamChat }
  | { kind: 'gift'; id: string; gift: StreamGiftEvent };

export interface StreamRoomState {
  lines: ChatLine[];
  mutedUserIds: string[];
  viewerCount: number;
  endedAt: string | null;
  /** Why it ended, once it has: the page says so when the reader left rather than pressed End. */
  endReason: StreamEndReason | null;
}

export type StreamRoomAction =
  | { type: 'joined'; messages: StreamChat[]; mutedUserIds: string[]; viewerCount: number; endedAt: string | null }
  | { type: 'chat'; message: StreamChat }
  | { type: 'removed'; messageId: string }
  | { type: 'muted'; userId: string }
  | { type: 'unmuted'; userId: string }
  | { type: 'gift'; gift: StreamGiftEvent }
  | { type: 'viewers'; count: number }
  | { type: 'ended'; endedAt: string; reason: StreamEndReason };

/** The chat keeps this many lines; older ones scroll away for good (the server keeps the history). */
export const CHAT_LINES_KEPT = 200;

export function initialRoomState(
  viewerCount: number,
  endedAt: string | null,
  endReason: StreamEndReason | null,
): StreamRoomState {
  return { lines: [], mutedUserIds: [], viewerCount, endedAt, endReason };
}

const keepNewest = (lines: ChatLine[]) =>
  lines.length > CHAT_LINES_KEPT ? lines.slice(lines.length - CHAT_LINES_KEPT) : lines;

/** Adds a line once: the sender hears their own message both in the ack and from the room. */
function withLine(lines: ChatLine[], line: ChatLine): ChatLine[] {
  return lines.some((existing) => existing.id === line.id) ? lines : keepNewest([...lines, line]);
}

/**
 * Everything the room's events change on the page. A (re)join replaces the messages with the
 * server's history but keeps the gift lines heard so far, which the history does not carry.
 */
export function streamRoomReducer(state: StreamRoomState, action: StreamRoomAction): StreamRoomState {
  switch (action.type) {
    case 'joined': {
      const history: ChatLine[] = action.messages.map((message) => ({ kind: 'message', id: message.id, message }));
      const gifts = state.lines.filter((line) => line.kind === 'gift');
      const lines = [...history, ...gifts].sort((a, b) => lineTime(a).localeCompare(lineTime(b)));
      return {
        ...state,
        lines: keepNewest(lines),
        mutedUserIds: action.mutedUserIds,
        viewerCount: action.viewerCount,
        endedAt: state.endedAt ?? action.endedAt,
      };
    }
    case 'chat':
      return {
        ...state,
        lines: withLine(state.lines, { kind: 'message', id: action.message.id, message: action.message }),
      };
    case 'removed':
      return {
        ...state,
        lines: state.lines.filter((line) => !(line.kind === 'message' && line.id === action.messageId)),
      };
    case 'muted':
      return state.mutedUserIds.includes(action.userId)
        ? state
        : { ...state, mutedUserIds: [...state.mutedUserIds, action.userId] };
    case 'unmuted':
      return { ...state, mutedUserIds: state.mutedUserIds.filter((id) => id !== action.userId) };
    case 'gift':
      return {
        ...state,
        lines: withLine(state.lines, { kind: 'gift', id: `gift:${action.gift.id}`, gift: action.gift }),
      };
    case 'viewers':
      return { ...state, viewerCount: action.count };
    case 'ended':
      return state.endedAt === null ? { ...state, endedAt: action.endedAt, endReason: action.reason } : state;
  }
}

function lineTime(line: ChatLine): string {
  return line.kind === 'message' ? line.message.at : line.gift.at;
}
