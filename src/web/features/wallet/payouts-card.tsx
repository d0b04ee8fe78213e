import { PAYOUT_MIN_CENTS } from '@shared/constants';
import { formatCents } from '@shared/money';
import type { Payout, PayoutStatus } from '@shared/wallet';
import { useQuery } from '@tanstack/react-query';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatRelativeDate } from '@/lib/relative-date';
import { myPayoutsQuery } from './api';
import { earningsQuery } from './earnings-query';

const STATUS_BADGE: Record<PayoutStatus, { label: string; variant: 'gold' | 'outline' | 'destructive' }> = {
  pending: { label: 'Pending', variant: 'outline' },
  paid: { label: 'Paid', variant: 'gold' },
  rejected: { label: 'Returned', variant: 'destructive' },
  failed: { label: 'Transfer reversed', variant: 'destructive' },
};

function PayoutRow({ payout }: { payout: Payout }) {
  const badge = STATUS_BADGE[payout.status];
  return (
    <li className="flex items-center justify-between gap-3 py-2.5" data-testid="payout">
      <div>
        <p className="font-semibold tabular-nums">{formatCents(payout.amountCents)}</p>
        <p className="text-sm text-muted-foreground">Requested {formatRelativeDate(payout.createdAt).toLowerCase()}</p>
      </div>
      <Badge variant={badge.variant}>{badge.label}</Badge>
    </li>
  );
}

function Figure({
  label,
  cents,
  testId,
  isMain,
}: {
  label: string;
  cents: number | undefined;
  testId: string;
  isMain?: boolean;
}) {
  return (
    <div className="grid gap-1">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd
        className={isMain ? 'text-3xl font-semibold text-gold tabular-nums' : 'text-xl font-semibold tabular-nums'}
        data-testid={testId}
      >
        {cents === undefined ? <Skeleton className="h-8 w-24" /> : formatCents(cents)}
      </dd>
    </div>
  );
}

/**
 * A reader's earnings out (docs/decisions/009): only money earned and final is available for payout;
 * the share of a reading still open is held until it ends, because the client may still ask for a
 * refund. A payout is asked for from the Wallet Balance card above every tab, so the dashboard has
 * one such button, not two.
 */
export function PayoutsCard({ earnedCents }: { earnedCents?: number }) {
  const earnings = useQuery(earningsQuery);
  const payouts = useQuery(myPayoutsQuery);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Payouts</CardTitle>
        <CardDescription>
          Your share of a reading becomes available for payout when the reading ends; until then it is held, since the
          client may still ask for a refund. Payouts start at {formatCents(PAYOUT_MIN_CENTS)}: ask for one with Request
          payout on the Wallet Balance card.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {earnings.isError ? (
          <p className="text-sm text-destructive">We could not load your earnings.</p>
        ) : (
          <dl className="grid max-w-2xl grid-cols-2 gap-4 sm:grid-cols-3">
            <Figure
              label="Available for payout"
              cents={earnings.data?.availableCents}
              testId="earnings-available"
              isMain
            />
            <Figure label="Held in open readings" cents={earnings.data?.heldCents} testId="earnings-held" />
            {/* The dashboard's own all-time figure (the server's breakdown by source), so the two cards cannot disagree. */}
            <Figure label="Earned in all" cents={earnedCents} testId="earnings-earned" />
          </dl>
        )}
        {payouts.isError ? (
          <p className="text-sm text-destructive">We could not load your payouts.</p>
        ) : payouts.data && payouts.data.payouts.length > 0 ? (
          <ul className="divide-y divide-border" aria-label="Your payouts">
            {payouts.data.payouts.map((payout) => (
              <PayoutRow key={payout.id} payout={payout} />
            ))}
          </ul>
        ) : payouts.data ? (
          <p className="text-sm text-muted-foreground">
            No payouts yet. An admin reviews each request; returned ones go back to your earnings.
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
