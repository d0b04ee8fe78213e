import { PAYOUT_MIN_CENTS } from '@shared/constants';
import { formatCents } from '@shared/money';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { requestPayout, walletQueryKeys } from '@/features/wallet';
import { toast } from '@/lib/toast';
import { readerFigureKeys } from './reader-api';

/** Asks for exactly the available amount shown beside it; below the minimum it says why it cannot. */
export function RequestPayoutButton({ availableCents }: { availableCents: number }) {
  const queryClient = useQueryClient();
  const canRequest = availableCents >= PAYOUT_MIN_CENTS;
  const request = useMutation({
    mutationFn: () => requestPayout({ amountCents: availableCents }),
    onSuccess: (result) => toast.success(`Payout of ${formatCents(result.payout.amountCents)} requested`),
    onError: (error) => toast.error('Failed to request payout', { description: error.message }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: walletQueryKeys.all });
      void queryClient.invalidateQueries({ queryKey: readerFigureKeys.all });
    },
  });
  return (
    <div className="mt-2 grid gap-1">
      <Button
        size="sm"
        variant="outline"
        className="h-auto min-h-8 w-full py-1 whitespace-normal"
        disabled={!canRequest || request.isPending}
        onClick={() => request.mutate()}
      >
        {request.isPending
          ? 'Requesting…'
          : canRequest
            ? `Request payout of ${formatCents(availableCents)}`
            : 'Request payout'}
      </Button>
      {canRequest ? null : (
        <p className="text-xs text-muted-foreground">Payouts start at {formatCents(PAYOUT_MIN_CENTS)}.</p>
      )}
    </div>
  );
}
