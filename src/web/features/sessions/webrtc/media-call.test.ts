import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONNECT_TIMEOUT_MS, MediaCall, routeSignal } from './media-call';
import type { SignalEnvelope } from './peer-link';

const signal = (type: SignalEnvelope['type'], linkId: string, toLinkId: string | null): SignalEnvelope => ({
  type,
  linkId,
  toLinkId,
  payload: {},
});

describe('routeSignal', () => {
  it('keeps signals while this side has no connection', () => {
    expect(routeSignal(null, signal('offer', 'b1', null))).toBe('buffer');
  });

  it('pairs an unpaired connection with the sender of an offer or of a signal addressed to it', () => {
    expect(routeSignal({ id: 'a1', remoteId: null }, signal('offer', 'b1', null))).toBe('adopt');
    expect(routeSignal({ id: 'a1', remoteId: null }, signal('answer', 'b1', 'a1'))).toBe('adopt');
    expect(routeSignal({ id: 'a1', remoteId: null }, signal('ice_candidate', 'b1', null))).toBe('drop');
  });

  it('delivers signals of the paired connection', () => {
    expect(routeSignal({ id: 'a1', remoteId: 'b1' }, signal('ice_candidate', 'b1', 'a1'))).toBe('deliver');
    expect(routeSignal({ id: 'a1', remoteId: 'b1' }, signal('offer', 'b1', 'a1'))).toBe('deliver');
  });

  it('drops signals meant for an older connection of this side', () => {
    expect(routeSignal({ id: 'a2', remoteId: null }, signal('answer', 'b1', 'a1'))).toBe('drop');
    expect(routeSignal({ id: 'a2', remoteId: 'b1' }, signal('ice_candidate', 'b1', 'a1'))).toBe('drop');
  });

  it('rebuilds when the other side starts over with a fresh offer', () => {
    expect(routeSignal({ id: 'a1', remoteId: 'b1' }, signal('offer', 'b2', null))).toBe('rebuild');
  });

  // Seen in Chromium: the polite side rolled its offer back to answer b1, then b2 (the other
  // side's newer connection) answered the rolled-back offer; applying it mixed two negotiations.
  it('restarts when another connection of the other side answers a negotiation this one left', () => {
    expect(routeSignal({ id: 'a1', remoteId: 'b1' }, signal('answer', 'b2', 'a1'))).toBe('restart');
    expect(routeSignal({ id: 'a1', remoteId: 'b1' }, signal('ice_candidate', 'b2', 'a1'))).toBe('restart');
  });

  it('drops stray candidates of an older connection of the other side', () => {
    expect(routeSignal({ id: 'a1', remoteId: 'b2' }, signal('ice_candidate', 'b1', null))).toBe('drop');
  });
});

describe('MediaCall.setPaused', () => {
  const fakeStream = () => {
    const audio = { kind: 'audio', enabled: true };
    const video = { kind: 'video', enabled: true };
    const stream = {
      getAudioTracks: () => [audio],
      getVideoTracks: () => [video],
      getTracks: () => [audio, video],
    } as unknown as MediaStream;
    return { stream, audio, video };
  };
  const callWith = (stream: MediaStream) =>
    new MediaCall({ polite: true, iceServers: [], localStream: stream, receiveVideo: true, sendSignal: () => {} });

  it('sends neither sound nor picture while paused, and restores the choices after', () => {
    const { stream, audio, video } = fakeStream();
    const call = callWith(stream);
    call.setCameraOff(true);
    call.setPaused(true);
    expect([audio.enabled, video.enabled, call.getSnapshot().isPaused]).toEqual([false, false, true]);
    call.setMuted(false);
    expect(audio.enabled).toBe(false);
    call.setPaused(false);
    expect([audio.enabled, video.enabled, call.getSnapshot().isPaused]).toEqual([true, false, false]);
  });
});

/** Stands in for the browser's RTCPeerConnection: records each one made and lets a test set its state. */
class FakePeerConnection {
  static made: FakePeerConnection[] = [];
  connectionState: RTCPeerConnectionState = 'new';
  signalingState: RTCSignalingState = 'stable';
  isClosed = false;
  onconnectionstatechange: (() => void) | null = null;
  constructor() {
    FakePeerConnection.made.push(this);
  }
  addTrack() {}
  addTransceiver() {}
  restartIce() {}
  close() {
    this.isClosed = true;
  }
  becomes(state: RTCPeerConnectionState) {
    this.connectionState = state;
    this.onconnectionstatechange?.();
  }
}

describe('MediaCall starting over', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakePeerConnection.made = [];
    vi.stubGlobal('RTCPeerConnection', FakePeerConnection);
    vi.stubGlobal('MediaStream', class {});
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const callOf = (polite: boolean) => {
    const call = new MediaCall({
      polite,
      iceServers: [],
      localStream: null,
      receiveVideo: false,
      sendSignal: () => {},
    });
    call.reconnect();
    return call;
  };
  const made = () => FakePeerConnection.made;
  const first = () => FakePeerConnection.made[0]!;

  it('makes a new connection when one has not connected in time, waiting twice as long after each', () => {
    callOf(false);
    vi.advanceTimersByTime(CONNECT_TIMEOUT_MS - 1);
    expect(made()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(made()).toHaveLength(2);
    expect(first().isClosed).toBe(true);
    vi.advanceTimersByTime(2 * CONNECT_TIMEOUT_MS - 1);
    expect(made()).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(made()).toHaveLength(3);
  });

  it('keeps a connection that connects, and starts over when it drops and does not come back', () => {
    const call = callOf(false);
    first().becomes('connecting');
    first().becomes('connected');
    vi.advanceTimersByTime(10 * CONNECT_TIMEOUT_MS);
    expect(made()).toHaveLength(1);
    expect(call.getSnapshot().connectionState).toBe('connected');

    first().becomes('disconnected');
    first().becomes('connected');
    vi.advanceTimersByTime(CONNECT_TIMEOUT_MS);
    expect(made()).toHaveLength(1);

    first().becomes('disconnected');
    vi.advanceTimersByTime(CONNECT_TIMEOUT_MS);
    expect(made()).toHaveLength(2);
  });

  it('leaves starting over to the impolite side: the polite one follows its fresh offer', () => {
    callOf(true);
    vi.advanceTimersByTime(10 * CONNECT_TIMEOUT_MS);
    expect(made()).toHaveLength(1);
  });

  it('does not start over while the reading is paused, and does once it resumes without a connection', () => {
    const call = callOf(false);
    call.setPaused(true);
    vi.advanceTimersByTime(10 * CONNECT_TIMEOUT_MS);
    expect(made()).toHaveLength(1);
    call.setPaused(false);
    vi.advanceTimersByTime(CONNECT_TIMEOUT_MS);
    expect(made()).toHaveLength(2);
  });

  it('stops for good when the call ends', () => {
    const call = callOf(false);
    call.close();
    vi.advanceTimersByTime(10 * CONNECT_TIMEOUT_MS);
    expect(made()).toHaveLength(1);
  });
});
