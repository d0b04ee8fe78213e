import type { Profile } from '@shared/auth';
import type { LiveStream } from '@shared/live';
import { Card, CardContent } from '@/components/ui/card';
import { toast } from '@/lib/toast';
import { muteStreamViewer, removeStreamMessage } from './api';
import { GiftLeaderboard } from './gift-leaderboard';
import { GiftPanel } from './gift-panel';
import { JoinPaywall } from './join-paywall';
import { ReminderButton } from './reminder-button';
import { type Moderation, StreamChat } from './stream-chat';
import { StreamHeader } from './stream-header';
import { ReaderMedia, stageClassName, ViewerMedia } from './stream-media';
import { SignInToWatch, StageNotice, StreamEndedNotice } from './stream-notices';
import { formatScheduledFor } from './stream-time';
import { useStreamRoom } from './use-stream-room';

function chatPlaceholder(options: {
  me: Profile | null;
  isEnded: boolean;
  isMuted: boolean;
  isInRoom: boolean;
}): string {
  if (!options.me) return 'Sign in to chat';
  if (options.isEnded) return 'Chat is closed';
  if (options.isMuted) return 'The reader muted you in this chat';
  if (!options.isInRoom) return 'Join the stream to chat';
  return 'Say something kind…';
}

/** A loaded stream: header, video (or what stands in its place), chat, gifts and the leaderboard. */
export function StreamRoom({ stream, me }: { stream: LiveStream; me: Profile | null }) {
  const isReader = me?.id === stream.reader.id;
  const canJoin = Boolean(me) && stream.status === 'live' && (stream.viewerHasJoined || isReader);
  const room = useStreamRoom(stream, canJoin);
  const isEnded = room.isEnded || stream.status === 'ended';
  const isInRoom = room.joinState === 'joined';
  const isMuted = Boolean(me && room.state.mutedUserIds.includes(me.id));
  const needsPayment =
    Boolean(me) &&
    !isReader &&
    stream.status === 'live' &&
    (!stream.viewerHasJoined || room.joinState === 'payment-required');

  const moderation: Moderation | undefined = isReader
    ? {
        mutedUserIds: room.state.mutedUserIds,
        onRemove: (messageId) =>
          removeStreamMessage(stream.id, messageId).catch((error: Error) =>
            toast.error('Could not remove the message', { description: error.message }),
          ),
        onMute: (userId) =>
          muteStreamViewer(stream.id, userId).catch((error: Error) =>
            toast.error('Could not mute', { description: error.message }),
          ),
      }
    : undefined;

  const stage = isEnded ? (
    <div className={stageClassName}>
      <StreamEndedNotice reason={room.state.endReason ?? stream.endReason} isReader={isReader} />
    </div>
  ) : stream.status === 'scheduled' ? (
    <div className={stageClassName}>
      <StageNotice title={stream.scheduledFor ? `Starts ${formatScheduledFor(stream.scheduledFor)}` : 'Starting soon'}>
        {isReader ? null : (
          <div className="w-48">
            <ReminderButton stream={stream} />
          </div>
        )}
      </StageNotice>
    </div>
  ) : !me ? (
    <div className={stageClassName}>
      <SignInToWatch />
    </div>
  ) : needsPayment ? (
    <div className={stageClassName}>
      <JoinPaywall streamId={stream.id} priceCents={stream.priceCents} />
    </div>
  ) : isReader ? (
    <ReaderMedia streamId={stream.id} isJoined={isInRoom} />
  ) : (
    <ViewerMedia streamId={stream.id} readerName={stream.reader.fullName} isJoined={isInRoom} />
  );

  return (
    <div className="mx-auto grid max-w-7xl gap-6 px-4 py-6 sm:px-6">
      <StreamHeader
        stream={stream}
        viewerCount={room.state.viewerCount}
        isEnded={isEnded}
        canFollow={Boolean(me) && !isReader}
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="grid min-w-0 content-start gap-4">
          {stage}
          {room.joinState === 'failed' && room.joinError ? (
            <p role="alert" className="text-sm font-semibold text-destructive">
              {room.joinError}
            </p>
          ) : null}
          <Card>
            <CardContent className="grid gap-2 pt-6">
              <p className="text-sm font-semibold text-pink">{stream.category}</p>
              <p className="whitespace-pre-wrap text-muted-foreground [overflow-wrap:anywhere]">
                {stream.description || 'No description.'}
              </p>
            </CardContent>
          </Card>
        </div>
        <aside className="grid min-w-0 content-start gap-4" aria-label="Chat and gifts">
          <StreamChat
            lines={room.state.lines}
            myUserId={me?.id ?? null}
            canSend={Boolean(me) && isInRoom && !isEnded && !isMuted}
            placeholder={chatPlaceholder({ me, isEnded, isMuted, isInRoom })}
            onSend={room.send}
            moderation={moderation}
          />
          {isReader || isEnded || stream.status !== 'live' ? null : <GiftPanel streamId={stream.id} />}
          {stream.status === 'scheduled' ? null : <GiftLeaderboard streamId={stream.id} />}
        </aside>
      </div>
    </div>
  );
}
