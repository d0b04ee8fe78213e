import { Mic, MicOff, Video, VideoOff } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import type { Broadcast } from './media/use-stream-media';

/** The reader's own camera (muted, mirrored) with the camera and microphone toggles. */
export function BroadcasterStage({ broadcast }: { broadcast: Broadcast }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [isCameraOn, setIsCameraOn] = useState(true);
  const [isMicrophoneOn, setIsMicrophoneOn] = useState(true);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    video.srcObject = broadcast.localStream;
    if (broadcast.localStream) video.play().catch(() => undefined);
  }, [broadcast.localStream]);

  const toggleCamera = () => {
    broadcast.setCameraOn(!isCameraOn);
    setIsCameraOn(!isCameraOn);
  };
  const toggleMicrophone = () => {
    broadcast.setMicrophoneOn(!isMicrophoneOn);
    setIsMicrophoneOn(!isMicrophoneOn);
  };
  const notice =
    broadcast.error ?? (!broadcast.localStream ? 'Starting your camera…' : !isCameraOn ? 'Camera off' : null);

  return (
    <>
      {/* Your own preview is muted so you never hear yourself. */}
      <video
        ref={videoRef}
        autoPlay
        playsInline
        muted
        className="size-full -scale-x-100 object-contain"
        data-testid="self-view"
        aria-label="Your camera preview"
      />
      {notice ? (
        <div
          className="absolute inset-0 flex items-center justify-center bg-black/60 p-6 text-center text-white"
          role="status"
        >
          {notice}
        </div>
      ) : null}
      <div
        className="absolute inset-x-0 bottom-0 flex justify-center gap-2 bg-gradient-to-t from-black/80 to-transparent px-3 pt-6 pb-3"
        role="toolbar"
        aria-label="Broadcast controls"
      >
        <Button
          variant={isMicrophoneOn ? 'secondary' : 'destructive'}
          size="sm"
          aria-pressed={!isMicrophoneOn}
          onClick={toggleMicrophone}
        >
          {isMicrophoneOn ? <Mic aria-hidden="true" /> : <MicOff aria-hidden="true" />}
          {isMicrophoneOn ? 'Mute' : 'Unmute'}
        </Button>
        <Button
          variant={isCameraOn ? 'secondary' : 'destructive'}
          size="sm"
          aria-pressed={!isCameraOn}
          onClick={toggleCamera}
        >
          {isCameraOn ? <Video aria-hidden="true" /> : <VideoOff aria-hidden="true" />}
          {isCameraOn ? 'Stop camera' : 'Start camera'}
        </Button>
      </div>
    </>
  );
}
