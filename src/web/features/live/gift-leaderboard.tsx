import { formatCents } from '@shared/money';
import { useQuery } from '@tanstack/react-query';
import { Trophy } from 'lucide-react';
import { LoadFailed } from '@/components/list-states';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { giftSummaryQuery } from './api';

const LEADERS_SHOWN = 5;

/** The stream's most generous gifters, fetched again on every gift the room hears. */
export function GiftLeaderboard({ streamId }: { streamId: string }) {
  const summary = useQuery(giftSummaryQuery(streamId));
  return (
    <Card>
      <CardHeader className="flex-row items-center gap-2 pb-3">
        <Trophy className="size-5 text-gold" aria-hidden="true" />
        <CardTitle>Top Gifters</CardTitle>
      </CardHeader>
      <CardContent>
        {summary.isPending ? (
          <div className="grid gap-2" role="status" aria-label="Loading top gifters">
            <Skeleton className="h-6" />
            <Skeleton className="h-6" />
          </div>
        ) : summary.isError ? (
          <LoadFailed query={summary} message="We could not load the gifts." />
        ) : summary.data.leaderboard.length === 0 ? (
          <p className="text-sm text-muted-foreground">No gifts yet. Be the first!</p>
        ) : (
          <ol className="grid gap-2 text-sm" aria-label="Top gifters">
            {summary.data.leaderboard.slice(0, LEADERS_SHOWN).map((leader, index) => (
              <li key={leader.userId} className="flex items-center gap-2">
                <span className="w-5 shrink-0 font-semibold text-gold tabular-nums">{index + 1}.</span>
                <span className="min-w-0 flex-1 truncate">{leader.userName}</span>
                <span className="shrink-0 font-semibold text-gold tabular-nums">{formatCents(leader.totalCents)}</span>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}

/** For the stream's reader: what the stream's gifts came to. */
export function GiftTotal({ streamId }: { streamId: string }) {
  const summary = useQuery(giftSummaryQuery(streamId));
  if (!summary.data) return <Skeleton className="h-5 w-24" />;
  return (
    <span className="font-semibold text-gold tabular-nums" data-testid="gift-total">
      {formatCents(summary.data.totalCents)} in gifts
    </span>
  );
}
