import type { RTCPeerConnection } from 'werift';

/** Resolves once the peer has all its candidates, so its description carries them (no trickle). */
export const gathered = (pc: RTCPeerConnection) =>
  new Promise<void>((resolve) => {
    if (pc.iceGatheringState === 'complete') resolve();
    pc.iceGatheringStateChange.subscribe((state) => state === 'complete' && resolve());
  });
