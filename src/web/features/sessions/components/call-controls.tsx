import { MessageSquare, Mic, MicOff, PhoneOff, Video, VideoOff } from 'lucide-react';
import { Button } from '@/components/ui/button';

export interface MediaControls {
  isMuted: boolean;
  onToggleMute: () => void;
  /** Video readings only. */
  camera?: { isOff: boolean; onToggle: () => void };
}

export interface ChatToggle {
  isOpen: boolean;
  panelId: string;
  unread: number;
  onToggle: () => void;
}

/** Mute, camera and chat toggles for audio and video readings; a chat reading only has End. */
export function CallControls({
  media,
  chat,
  onEnd,
  isEnding,
}: {
  media?: MediaControls;
  chat?: ChatToggle;
  onEnd: () => void;
  isEnding: boolean;
}) {
  return (
    <div className="flex flex-wrap items-center justify-center gap-3" role="toolbar" aria-label="Call controls">
      {media ? (
        <Button
          variant={media.isMuted ? 'destructive' : 'secondary'}
          size="lg"
          onClick={media.onToggleMute}
          aria-pressed={media.isMuted}
        >
          {media.isMuted ? <MicOff aria-hidden="true" /> : <Mic aria-hidden="true" />}
          {media.isMuted ? 'Unmute' : 'Mute'}
        </Button>
      ) : null}
      {media?.camera ? (
        <Button
          variant={media.camera.isOff ? 'destructive' : 'secondary'}
          size="lg"
          onClick={media.camera.onToggle}
          aria-pressed={media.camera.isOff}
        >
          {media.camera.isOff ? <VideoOff aria-hidden="true" /> : <Video aria-hidden="true" />}
          {media.camera.isOff ? 'Start camera' : 'Stop camera'}
        </Button>
      ) : null}
      {chat ? (
        <Button
          variant="secondary"
          size="lg"
          onClick={chat.onToggle}
          aria-expanded={chat.isOpen}
          aria-controls={chat.panelId}
        >
          <MessageSquare aria-hidden="true" />
          {chat.isOpen ? 'Hide chat' : 'Show chat'}
          {chat.unread > 0 && !chat.isOpen ? (
            <span className="rounded-full bg-primary px-2 text-xs text-primary-foreground">
              {chat.unread}
              <span className="sr-only"> unread</span>
            </span>
          ) : null}
        </Button>
      ) : null}
      <Button variant="destructive" size="lg" onClick={onEnd} disabled={isEnding}>
        <PhoneOff aria-hidden="true" />
        End Session
      </Button>
    </div>
  );
}
