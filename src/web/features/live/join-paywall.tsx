import { formatCents } from '@shared/money';
import { Ticket } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { AddFundsButton } from '@/features/wallet';
import { ApiError } from '@/lib/api';
import { useJoinPricedStream } from './api';

/** A priced stream the viewer has not paid for yet: its price, once, through their wallet. */
export function JoinPaywall({ streamId, priceCents }: { streamId: string; priceCents: number }) {
  const join = useJoinPricedStream(streamId);
  const isShort = join.error instanceof ApiError && join.error.status === 402;
  return (
    <div className="flex size-full flex-col items-center justify-center gap-3 bg-gradient-to-br from-primary/25 via-black to-violet-900/40 p-6 text-center text-white">
      <Ticket className="size-8 text-gold" aria-hidden="true" />
      <p className="text-lg font-semibold">This stream costs {formatCents(priceCents)} to join</p>
      <p className="max-w-sm text-sm text-white/80">You pay once and can watch, chat and come back until it ends.</p>
      <Button variant="gold" disabled={join.isPending} onClick={() => join.mutate()}>
        {join.isPending ? 'Joining…' : `Join for ${formatCents(priceCents)}`}
      </Button>
      {join.error ? (
        <div className="grid justify-items-center gap-2" role="alert">
          <p className="text-sm font-semibold text-red-300">{join.error.message}</p>
          {isShort ? <AddFundsButton size="sm" variant="outline" /> : null}
        </div>
      ) : null}
    </div>
  );
}
