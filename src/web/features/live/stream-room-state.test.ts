import type { StreamChat } from '@shared/live';
import type { StreamGiftEvent } from '@shared/realtime';
import { describe, expect, it } from 'vitest';
import { CHAT_LINES_KEPT, initialRoomState, streamRoomReducer } from './stream-room-state';

const message = (id: string, at: string, content = 'Hello'): StreamChat => ({
  id,
  streamId: 's1',
  userId: `u-${id}`,
  userName: 'Sol',
  content,
  at,
});
const gift = (id: string, at: string): StreamGiftEvent => ({
  id,
  streamId: 's1',
  giftId: 'crystal',
  fromName: 'Luna',
  amountCents: 199,
  at,
});

describe('streamRoomReducer', () => {
  const start = initialRoomState(3, null, null);

  it('adds a message once, though the sender hears it in the ack and from the room', () => {
    const once = streamRoomReducer(start, { type: 'chat', message: message('m1', '2026-11-23T10:00:00Z') });
    const twice = streamRoomReducer(once, { type: 'chat', message: message('m1', '2026-11-23T10:00:00Z') });
    expect(twice.lines.map((line) => line.id)).toEqual(['m1']);
  });

  it('takes a removed message out and leaves the rest', () => {
    let state = streamRoomReducer(start, { type: 'chat', message: message('m1', '2026-11-23T10:00:00Z') });
    state = streamRoomReducer(state, { type: 'chat', message: message('m2', '2026-11-23T10:00:01Z') });
    state = streamRoomReducer(state, { type: 'removed', messageId: 'm1' });
    expect(state.lines.map((line) => line.id)).toEqual(['m2']);
  });

  it('on a rejoin takes the server history and keeps the gift lines in time order', () => {
    let state = streamRoomReducer(start, { type: 'gift', gift: gift('g1', '2026-11-23T10:00:05Z') });
    state = streamRoomReducer(state, {
      type: 'joined',
      messages: [message('m1', '2026-11-23T10:00:00Z'), message('m2', '2026-11-23T10:00:10Z')],
      mutedUserIds: ['u-x'],
      viewerCount: 7,
      endedAt: null,
    });
    expect(state.lines.map((line) => line.id)).toEqual(['m1', 'gift:g1', 'm2']);
    expect(state.mutedUserIds).toEqual(['u-x']);
    expect(state.viewerCount).toBe(7);
  });

  it('records a mute once and the newest viewer count', () => {
    let state = streamRoomReducer(start, { type: 'muted', userId: 'u1' });
    state = streamRoomReducer(state, { type: 'muted', userId: 'u1' });
    state = streamRoomReducer(state, { type: 'viewers', count: 12 });
    expect(state.mutedUserIds).toEqual(['u1']);
    expect(state.viewerCount).toBe(12);
  });

  it('lets an unmuted viewer chat again without touching the other mutes', () => {
    let state = streamRoomReducer(start, { type: 'muted', userId: 'u1' });
    state = streamRoomReducer(state, { type: 'muted', userId: 'u2' });
    state = streamRoomReducer(state, { type: 'unmuted', userId: 'u1' });
    expect(state.mutedUserIds).toEqual(['u2']);
  });

  it('stays ended from the first end it hears, with its reason', () => {
    let state = streamRoomReducer(start, { type: 'ended', endedAt: '2026-11-23T11:00:00Z', reason: 'reader_left' });
    state = streamRoomReducer(state, { type: 'ended', endedAt: '2026-11-23T12:00:00Z', reason: 'ended' });
    state = streamRoomReducer(state, { type: 'joined', messages: [], mutedUserIds: [], viewerCount: 0, endedAt: null });
    expect(state.endedAt).toBe('2026-11-23T11:00:00Z');
    expect(state.endReason).toBe('reader_left');
  });

  it(`keeps only the newest ${CHAT_LINES_KEPT} lines`, () => {
    let state = start;
    for (let index = 0; index < CHAT_LINES_KEPT + 5; index += 1) {
      state = streamRoomReducer(state, { type: 'chat', message: message(`m${index}`, `2026-11-23T10:00:00Z`) });
    }
    expect(state.lines).toHaveLength(CHAT_LINES_KEPT);
    expect(state.lines[0]?.id).toBe('m5');
  });
});
