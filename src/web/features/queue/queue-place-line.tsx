import { formatCents } from '@shared/money';
import type { QueuePlace } from '@shared/queue';
import { Button } from '@/components/ui/button';
import { SESSION_TYPE_LABELS } from '@/lib/session-labels';
import { useLeaveQueue } from './api';

/** The client's place in this reader's line, live, with the way out. */
export function QueuePlaceLine({ place }: { place: QueuePlace }) {
  const leave = useLeaveQueue();
  return (
    <>
      <div className="col-span-2 rounded-xl border border-gold/40 bg-gold/10 px-3 py-2 text-center">
        <p className="font-semibold" role="status" data-testid="queue-position">
          {place.offerExpiresAt ? "It's your turn" : `You are #${place.position} in line`}
        </p>
        <p className="text-xs text-muted-foreground">
          {SESSION_TYPE_LABELS[place.sessionType]} reading · {formatCents(place.ratePerMinuteCents)}/min
        </p>
      </div>
      <Button
        variant="outline"
        className="col-span-2"
        onClick={() => leave.mutate(place.readerId)}
        disabled={leave.isPending}
      >
        Leave queue
      </Button>
    </>
  );
}
