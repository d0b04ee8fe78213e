import { Volume2 } from 'lucide-react';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { PersonAvatar } from '@/components/person-avatar';
import { Button } from '@/components/ui/button';
import type { CallStatus } from '../session-logic';

/**
 * Plays a stream in a media element. Browsers refuse sound before the user has interacted with
 * the page (a reload into a reading), so a refused start offers a button; video then starts muted
 * so the picture shows at once.
 */
function usePlayStream(ref: RefObject<HTMLMediaElement | null>, stream: MediaStream | null) {
  const [isSoundBlocked, setIsSoundBlocked] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    element.srcObject = stream;
    setIsSoundBlocked(false);
    if (!stream) return;
    element.muted = false;
    element.play().catch((error: unknown) => {
      if (!(error instanceof DOMException && error.name === 'NotAllowedError')) return;
      setIsSoundBlocked(true);
      if (element instanceof HTMLVideoElement) {
        element.muted = true;
        element.play().catch(() => undefined);
      }
    });
  }, [ref, stream]);

  const enableSound = () => {
    const element = ref.current;
    if (!element) return;
    element.muted = false;
    element.play().then(
      () => setIsSoundBlocked(false),
      () => undefined,
    );
  };
  return { isSoundBlocked, enableSound };
}

function waitingText(status: CallStatus, otherName: string, isOtherPresent: boolean): string | null {
  if (status === 'connected' || status === 'ended') return null;
  if (!isOtherPresent) return `Waiting for ${otherName} to come back…`;
  return status === 'pending' ? 'Preparing your reading…' : `Connecting to ${otherName}…`;
}

export function MediaStage({
  sessionType,
  callStatus,
  otherName,
  otherAvatarUrl,
  isOtherPresent,
  remoteStream,
  localStream,
  isCameraOff,
}: {
  sessionType: 'audio' | 'video';
  callStatus: CallStatus;
  otherName: string;
  otherAvatarUrl: string | null;
  isOtherPresent: boolean;
  remoteStream: MediaStream | null;
  localStream: MediaStream | null;
  isCameraOff: boolean;
}) {
  const remoteVideoRef = useRef<HTMLVideoElement>(null);
  const remoteAudioRef = useRef<HTMLAudioElement>(null);
  const localVideoRef = useRef<HTMLVideoElement>(null);
  const remote = usePlayStream(sessionType === 'video' ? remoteVideoRef : remoteAudioRef, remoteStream);

  useEffect(() => {
    const element = localVideoRef.current;
    if (!element) return;
    element.srcObject = localStream;
    if (localStream) element.play().catch(() => undefined);
  }, [localStream]);

  const waiting = waitingText(callStatus, otherName, isOtherPresent);

  return (
    <div className="relative aspect-[3/4] max-h-[calc(100dvh-16rem)] w-full overflow-hidden rounded-2xl border border-border bg-black sm:aspect-video">
      {sessionType === 'video' ? (
        // biome-ignore lint/a11y/useMediaCaption: a live reading has no caption track; the chat carries text
        <video
          ref={remoteVideoRef}
          autoPlay
          playsInline
          className="size-full object-cover"
          data-testid="remote-video"
          aria-label={`${otherName}'s video`}
        />
      ) : (
        <div className="flex size-full flex-col items-center justify-center gap-4 bg-gradient-to-br from-primary/25 via-background to-violet-800/30">
          <PersonAvatar name={otherName} imageUrl={otherAvatarUrl} className="size-28 text-3xl" />
          <p className="text-lg font-semibold text-white">{otherName}</p>
          {/* Under the name, not over the stage: on a phone the avatar fills its middle. */}
          {waiting ? (
            <p
              className="rounded-xl bg-black/50 px-4 py-2 text-center text-white"
              role="status"
              data-testid="stage-waiting"
            >
              {waiting}
            </p>
          ) : null}
          {/* biome-ignore lint/a11y/useMediaCaption: live peer audio has no caption track */}
          <audio ref={remoteAudioRef} autoPlay data-testid="remote-audio" />
        </div>
      )}

      {waiting && sessionType === 'video' ? (
        <div
          className="absolute inset-0 flex items-center justify-center bg-black/50 p-6 text-center text-white"
          role="status"
          data-testid="stage-waiting"
        >
          {waiting}
        </div>
      ) : null}

      {remote.isSoundBlocked ? (
        <Button className="absolute top-3 left-1/2 -translate-x-1/2" onClick={remote.enableSound}>
          <Volume2 aria-hidden="true" />
          Enable sound
        </Button>
      ) : null}

      {sessionType === 'video' ? (
        <div className="absolute right-3 bottom-3 aspect-[3/4] w-24 overflow-hidden rounded-xl border-2 border-white/70 bg-zinc-900 shadow-xl sm:aspect-video sm:w-44">
          {/* Your own preview is muted so you never hear yourself. */}
          <video
            ref={localVideoRef}
            autoPlay
            playsInline
            muted
            className={isCameraOff || !localStream ? 'hidden' : 'size-full -scale-x-100 object-cover'}
            data-testid="local-video"
            aria-label="Your camera preview"
          />
          {isCameraOff || !localStream ? (
            <p className="flex size-full items-center justify-center p-2 text-center text-xs text-white/80">
              {localStream ? 'Camera off' : 'No camera'}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
