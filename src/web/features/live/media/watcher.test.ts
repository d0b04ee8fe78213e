import { LIVE_STREAM_FULL_MESSAGE } from '@shared/live';
import { JANUS_PEER_ID } from '@shared/live-media-signal';
import type { RelayedStreamSignal } from '@shared/realtime';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AckError } from '@/lib/socket-ack';
import type { OutgoingSignal } from './broadcaster';
import { CONNECTION_LOST_MESSAGE, RECONNECTING_MESSAGE, Watcher } from './watcher';

/** The watch protocol without a browser: no offer is answered here, so no RTCPeerConnection is made. */
function watcherWith(reply: (signal: OutgoingSignal) => Promise<void> = async () => {}) {
  const sent: OutgoingSignal[] = [];
  const watcher = new Watcher({
    iceServers: [],
    send: (signal) => {
      sent.push(signal);
      return reply(signal);
    },
  });
  const watchIdOf = (signal: OutgoingSignal | undefined) => (signal?.data as { watchId: string } | undefined)?.watchId;
  return { watcher, sent, watchIdOf };
}

const fromBroadcaster = (signal: RelayedStreamSignal['signal']): RelayedStreamSignal => ({
  streamId: 's1',
  from: 'reader-socket',
  fromUserId: 'reader',
  signal,
});

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('Watcher', () => {
  it('asks to watch with a new watch id each time, and watches again when the broadcaster announces itself', () => {
    const { watcher, sent, watchIdOf } = watcherWith();
    watcher.start();
    expect(sent[0]).toMatchObject({ type: 'watch' });
    expect(sent[0]?.to).toBeUndefined();
    expect(watcher.getSnapshot().state).toBe('connecting');
    watcher.handleSignal(fromBroadcaster({ type: 'ready' }));
    expect(sent[1]).toMatchObject({ type: 'watch' });
    expect(watchIdOf(sent[1])).not.toBe(watchIdOf(sent[0]));
  });

  it('shows the full message when the broadcaster turns this watch away, ignores one meant for an older watch, and asks again later', () => {
    const { watcher, sent, watchIdOf } = watcherWith();
    watcher.start();
    const first = watchIdOf(sent[0]);
    watcher.handleSignal(fromBroadcaster({ type: 'ready' }));
    watcher.handleSignal(fromBroadcaster({ type: 'full', data: { watchId: first } }));
    expect(watcher.getSnapshot().state).toBe('connecting');
    watcher.handleSignal(fromBroadcaster({ type: 'full', data: { watchId: watchIdOf(sent[1]) } }));
    expect(watcher.getSnapshot()).toMatchObject({
      state: 'full',
      message: LIVE_STREAM_FULL_MESSAGE,
      remoteStream: null,
    });
    vi.advanceTimersByTime(30_000);
    expect(sent.filter((s) => s.type === 'watch')).toHaveLength(3);
  });

  it("reads the server's refusal: full above the cap, tried again while the page is still joining the room", async () => {
    let refusal = new AckError('FORBIDDEN', 'Join the stream before signalling');
    const { watcher, sent } = watcherWith(async (signal) => {
      if (signal.type === 'watch') throw refusal;
    });
    watcher.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(watcher.getSnapshot().state).toBe('connecting');
    refusal = new AckError('CONFLICT', LIVE_STREAM_FULL_MESSAGE);
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent.filter((s) => s.type === 'watch')).toHaveLength(2);
    expect(watcher.getSnapshot()).toMatchObject({ state: 'full', message: LIVE_STREAM_FULL_MESSAGE });
  });

  it('names the socket it replaces after a reconnect, on the retries while joining too, and not on a later watch', async () => {
    let joined = false;
    const { watcher, sent } = watcherWith(async (signal) => {
      if (signal.type === 'watch' && !joined) throw new AckError('FORBIDDEN', 'Join the stream before signalling');
    });
    watcher.start('old-socket');
    await vi.advanceTimersByTimeAsync(0);
    joined = true;
    await vi.advanceTimersByTimeAsync(1000);
    const watches = sent.filter((s) => s.type === 'watch');
    expect(watches.map((s) => (s.data as { replaces?: string }).replaces)).toEqual(['old-socket', 'old-socket']);
    watcher.handleSignal(fromBroadcaster({ type: 'ready' }));
    expect(sent.at(-1)?.data).not.toHaveProperty('replaces');
  });

  it('shows Reconnecting… when the media server lets go of its watch, and watches again on the next ready', () => {
    const { watcher, sent, watchIdOf } = watcherWith();
    watcher.start();
    const first = watchIdOf(sent[0]);
    const fromJanus = (signal: RelayedStreamSignal['signal']): RelayedStreamSignal => ({
      streamId: 's1',
      from: JANUS_PEER_ID,
      fromUserId: JANUS_PEER_ID,
      signal,
    });
    watcher.handleSignal(fromJanus({ type: 'bye', data: { watchId: first } }));
    expect(watcher.getSnapshot()).toMatchObject({
      state: 'connecting',
      message: RECONNECTING_MESSAGE,
      remoteStream: null,
    });
    watcher.handleSignal(fromJanus({ type: 'ready' }));
    expect(sent.filter((s) => s.type === 'watch')).toHaveLength(2);
    expect(watchIdOf(sent[1])).not.toBe(first);
    // A reader's page saying bye for a watch is a lost connection, as before.
    watcher.handleSignal(fromBroadcaster({ type: 'bye', data: { watchId: watchIdOf(sent[1]) } }));
    expect(watcher.getSnapshot()).toMatchObject({ state: 'failed', message: CONNECTION_LOST_MESSAGE });
  });

  it('waits for the camera when the broadcaster stops, and says bye for its watch when the viewer leaves', () => {
    const { watcher, sent, watchIdOf } = watcherWith();
    watcher.start();
    watcher.handleSignal(fromBroadcaster({ type: 'bye' }));
    expect(watcher.getSnapshot().state).toBe('connecting');
    watcher.handleSignal(fromBroadcaster({ type: 'ready' }));
    const watchId = watchIdOf(sent.at(-1));
    watcher.stop();
    expect(sent.at(-1)).toEqual({ to: undefined, type: 'bye', data: { watchId } });
    expect(watcher.getSnapshot().state).toBe('idle');
  });
});
