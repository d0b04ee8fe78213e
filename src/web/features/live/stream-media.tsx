import { Radio, Square } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { useStreamAction } from './api';
import { BroadcasterStage } from './broadcaster-stage';
import { EndStreamDialog } from './end-stream-dialog';
import { GiftTotal } from './gift-leaderboard';
import { GiftOverlay } from './gift-overlay';
import { useBroadcast, useWatch } from './media/use-stream-media';
import { countOf } from './stream-time';
import { ViewerStage } from './viewer-stage';

export const stageClassName = 'relative aspect-video w-full overflow-hidden rounded-2xl border border-border bg-black';

/** A viewer's video, watched while they are in the stream's room. */
export function ViewerMedia({
  streamId,
  readerName,
  isJoined,
}: {
  streamId: string;
  readerName: string;
  isJoined: boolean;
}) {
  const watch = useWatch(streamId, isJoined);
  return (
    <div className={stageClassName}>
      <ViewerStage watch={watch} readerName={readerName} />
      <GiftOverlay streamId={streamId} />
    </div>
  );
}

/** The reader's broadcast: self view, how many receive it, the gifts so far, and 'End Stream'. */
export function ReaderMedia({ streamId, isJoined }: { streamId: string; isJoined: boolean }) {
  const broadcast = useBroadcast(streamId, isJoined);
  const end = useStreamAction('end');
  const [isConfirming, setIsConfirming] = useState(false);
  return (
    <div className="grid gap-3">
      <div className={stageClassName}>
        <BroadcasterStage broadcast={broadcast} />
        <GiftOverlay streamId={streamId} />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-border bg-card/85 px-4 py-3">
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
          <span className="flex items-center gap-1.5" data-testid="peer-count">
            <Radio className="size-4 text-pink" aria-hidden="true" />
            Sending to {countOf(broadcast.peers, 'viewer')}
          </span>
          {broadcast.forwarding && (
            <span className="text-muted-foreground" data-testid="forwarding">
              More viewers watch through Soul Tribe's server
            </span>
          )}
          <GiftTotal streamId={streamId} />
        </div>
        <Button variant="destructive" size="sm" onClick={() => setIsConfirming(true)}>
          <Square aria-hidden="true" />
          End Stream
        </Button>
      </div>
      <EndStreamDialog
        open={isConfirming}
        onOpenChange={setIsConfirming}
        isEnding={end.isPending}
        onConfirm={() =>
          end.mutate(streamId, {
            onSuccess: () => setIsConfirming(false),
            onError: (error) => toast.error('Failed to end the stream', { description: error.message }),
          })
        }
      />
    </div>
  );
}
