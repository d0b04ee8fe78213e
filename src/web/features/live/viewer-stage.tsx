import { Volume1, Volume2, VolumeX } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import type { Watch } from './media/use-stream-media';

function stateText(watch: Watch): string | null {
  if (watch.state === 'playing') return null;
  if (watch.state === 'full') return watch.message ?? 'This stream is full right now. Please try again in a moment.';
  if (watch.state === 'failed') return watch.message ?? 'The video could not reach you. Reload the page to try again.';
  return watch.message ?? 'Connecting to the stream…';
}

/**
 * The reader's video for a viewer, with a volume slider and mute. Browsers refuse sound before the
 * viewer has touched the page (a reload), so a refused start plays muted and the mute button shows it.
 */
export function ViewerStage({ watch, readerName }: { watch: Watch; readerName: string }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [volume, setVolume] = useState(1);
  const [isMuted, setIsMuted] = useState(false);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    video.srcObject = watch.remoteStream;
    if (!watch.remoteStream) return;
    video.play().catch((error: unknown) => {
      if (!(error instanceof DOMException && error.name === 'NotAllowedError')) return;
      setIsMuted(true);
      video.muted = true;
      video.play().catch(() => undefined);
    });
  }, [watch.remoteStream]);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    video.volume = volume;
    video.muted = isMuted || volume === 0;
  }, [volume, isMuted]);

  const text = stateText(watch);
  const isSilent = isMuted || volume === 0;
  const VolumeIcon = isSilent ? VolumeX : volume < 0.5 ? Volume1 : Volume2;
  return (
    <>
      {/* biome-ignore lint/a11y/useMediaCaption: a live stream has no caption track; the chat carries text */}
      <video
        ref={videoRef}
        autoPlay
        playsInline
        className="size-full object-contain"
        data-testid="stream-video"
        aria-label={`${readerName}'s live video`}
      />
      {text ? (
        <div
          className="absolute inset-0 flex items-center justify-center bg-black/60 p-6 text-center text-white"
          role="status"
          data-testid="watch-state"
        >
          {text}
        </div>
      ) : null}
      <div className="absolute inset-x-0 bottom-0 flex items-center gap-2 bg-gradient-to-t from-black/80 to-transparent px-3 pt-6 pb-3 text-white">
        <Button
          variant="ghost"
          size="icon"
          className="text-white hover:bg-white/15"
          aria-label={isSilent ? 'Unmute' : 'Mute'}
          aria-pressed={isSilent}
          onClick={() => {
            if (isSilent && volume === 0) setVolume(0.5);
            setIsMuted(!isSilent);
          }}
        >
          <VolumeIcon aria-hidden="true" />
        </Button>
        <input
          type="range"
          min={0}
          max={1}
          step={0.05}
          value={isMuted ? 0 : volume}
          onChange={(event) => {
            setVolume(Number(event.target.value));
            setIsMuted(false);
          }}
          aria-label="Volume"
          className="w-28 accent-pink sm:w-36"
        />
      </div>
    </>
  );
}
