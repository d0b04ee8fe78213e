import { describe, expect, it } from 'vitest';
import { MediaCall, routeSignal } from './media-call';
import type { SignalEnvelope } from './peer-link';

const signal = (type: SignalEnvelope['type'], linkId: string, toLinkId: string | null): SignalEnvelope => ({ type, linkId, toLinkId, payload: {} });

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
    const stream = { getAudioTracks: () => [audio], getVideoTracks: () => [video], getTracks: () => [audio, video] } as unknown as MediaStream;
    return { stream, audio, video };
  };
  const callWith = (stream: MediaStream) => new MediaCall({ polite: true, iceServers: [], localStream: stream, receiveVideo: true, sendSignal: () => {} });

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
