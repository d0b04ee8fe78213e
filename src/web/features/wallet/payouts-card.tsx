import type { Profile } from '@shared/auth';
import { PAYOUT_MIN_CENTS } from '@shared/constants';
import { formatCents } from '@shared/money';
import type { Payout, PayoutStatus } from '@shared/wallet';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { profileQueryKey } from '@/lib/auth';
import { formatRelativeDate } from '@/lib/relative-date';
import { myPayoutsQuery, requestPayout } from './api';
import { walletQueryKeys } from './query-keys';

const STATUS_BADGE: Record<PayoutStatus, { label: string; variant: 'gold' | 'outline' | 'destructive' }> = {
  pending: { label: 'Pending', variant: 'outline' },
  paid: { label: 'Paid', variant: 'gold' },
  rejected: { label: 'Returned', variant: 'destructive' },
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

/** A reader's earnings out: request the whole balance (from $20), and see each payout's status. */
export function PayoutsCard({ profile }: { profile: Profile }) {
  const queryClient = useQueryClient();
  const payouts = useQuery(myPayoutsQuery);
  const balanceCents = profile.walletBalanceCents;
  const canRequest = balanceCents >= PAYOUT_MIN_CENTS;
  const request = useMutation({
    mutationFn: () => requestPayout({}),
    onSuccess: (result) => {
      queryClient.setQueryData<Profile | null>(profileQueryKey, (current) => current && { ...current, walletBalanceCents: result.balanceCents });
      void queryClient.invalidateQueries({ queryKey: walletQueryKeys.all });
      toast.success(`Payout of ${formatCents(result.payout.amountCents)} requested`);
    },
    onError: (error) => toast.error('Failed to request payout', { description: error.message }),
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Payouts</CardTitle>
        <CardDescription>
          {canRequest
            ? `${formatCents(balanceCents)} available for withdrawal.`
            : `Payouts start at ${formatCents(PAYOUT_MIN_CENTS)}; you have ${formatCents(balanceCents)}.`}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <Button className="w-full sm:w-fit" disabled={!canRequest || request.isPending} onClick={() => request.mutate()}>
          {request.isPending ? 'Requesting…' : canRequest ? `Request payout of ${formatCents(balanceCents)}` : 'Request payout'}
        </Button>
        {payouts.isError ? (
          <p className="text-sm text-destructive">We could not load your payouts.</p>
        ) : payouts.data && payouts.data.payouts.length > 0 ? (
          <ul className="divide-y divide-border" aria-label="Your payouts">
            {payouts.data.payouts.map((payout) => (
              <PayoutRow key={payout.id} payout={payout} />
            ))}
          </ul>
        ) : payouts.data ? (
          <p className="text-sm text-muted-foreground">No payouts yet. An admin reviews each request; returned ones go back to your wallet.</p>
        ) : null}
      </CardContent>
    </Card>
  );
}
