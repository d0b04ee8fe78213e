import { centsToDollarInput, formatCents, parseDollarsToCents } from '@shared/money';
import type { AdminCardPayment } from '@shared/payments';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ListSkeleton, LoadFailed } from '@/components/list-states';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { toast } from '@/lib/toast';
import { cardPaymentsQuery, refundToCard } from './api';
import { walletQueryKeys } from './query-keys';

function refundInputError(text: string, refundableCents: number): string | null {
  const cents = parseDollarsToCents(text);
  if (cents === null || cents < 1) return 'Enter an amount in dollars, such as 12.50';
  if (cents > refundableCents) return `At most ${formatCents(refundableCents)} of this payment can be refunded`;
  return null;
}

function CardPaymentRow({ userId, payment }: { userId: string; payment: AdminCardPayment }) {
  const queryClient = useQueryClient();
  const [amount, setAmount] = useState(centsToDollarInput(payment.refundableCents));
  const [error, setError] = useState<string | null>(null);
  const refund = useMutation({
    mutationFn: (cents: number) => refundToCard(payment.depositId, cents),
    onSuccess: (answer) => {
      toast.success(`Refund of ${formatCents(answer.amountCents)} sent to the card`, {
        description: 'The wallet changes once the card processor confirms it.',
      });
      void queryClient.invalidateQueries({ queryKey: walletQueryKeys.cardPayments(userId) });
    },
    onError: (failure) => {
      setError(failure.message);
      void queryClient.invalidateQueries({ queryKey: walletQueryKeys.cardPayments(userId) });
    },
  });
  const inputId = `refund-${payment.depositId}`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = refundInputError(amount, payment.refundableCents);
    setError(problem);
    const cents = parseDollarsToCents(amount);
    if (!problem && cents !== null) refund.mutate(cents);
  };
  return (
    <li className="grid gap-2 py-3" data-testid="card-payment">
      <p className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
        <span className="font-semibold tabular-nums">{formatCents(payment.amountCents)}</span>
        <time className="text-muted-foreground" dateTime={payment.createdAt}>
          {new Date(payment.createdAt).toLocaleDateString()}
        </time>
      </p>
      <p className="text-xs text-muted-foreground">
        Refunded {formatCents(payment.refundedCents)}
        {payment.pendingRefundCents > 0 ? ` · ${formatCents(payment.pendingRefundCents)} on its way` : ''}
        {payment.disputeStatus ? ` · Dispute ${payment.disputeStatus}` : ''}
      </p>
      {payment.refundableCents > 0 ? (
        <form
          className="grid gap-1"
          noValidate
          onSubmit={submit}
          aria-label={`Refund the ${formatCents(payment.amountCents)} payment`}
        >
          <div className="flex gap-2">
            <label htmlFor={inputId} className="sr-only">
              Amount to refund (USD)
            </label>
            <Input
              id={inputId}
              type="text"
              inputMode="decimal"
              className="w-28"
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${inputId}-error` : undefined}
            />
            <Button type="submit" variant="outline" size="sm" disabled={refund.isPending}>
              {refund.isPending ? 'Refunding…' : 'Refund to card'}
            </Button>
          </div>
          {error ? (
            <p id={`${inputId}-error`} role="alert" className="text-sm font-semibold text-destructive">
              {error}
            </p>
          ) : null}
        </form>
      ) : (
        <p className="text-xs text-muted-foreground">Nothing left to refund from this payment.</p>
      )}
    </li>
  );
}

/**
 * The admin refunds part of a user's card payment to the card (decision 039): at most what is still in
 * the wallet from it; the wallet moves only when the card processor confirms the refund.
 */
export function CardPaymentsDialog({
  user,
  open,
  onOpenChange,
}: {
  user: { id: string; name: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const payments = useQuery({ ...cardPaymentsQuery(user.id), enabled: open });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Card payments of {user.name}</DialogTitle>
          <DialogDescription>
            Refund part of a payment to the card it came from, at most what is still in the wallet from it.
          </DialogDescription>
        </DialogHeader>
        {payments.isError ? (
          <LoadFailed query={payments} message="Failed to load the card payments." />
        ) : payments.data ? (
          payments.data.payments.length > 0 ? (
            <ul className="max-h-96 divide-y divide-border/60 overflow-y-auto" aria-label="Card payments">
              {payments.data.payments.map((payment) => (
                <CardPaymentRow key={payment.depositId} userId={user.id} payment={payment} />
              ))}
            </ul>
          ) : (
            <p className="text-sm text-muted-foreground">No card payments.</p>
          )
        ) : (
          <ListSkeleton label="Loading card payments" rowClassName="h-16" />
        )}
      </DialogContent>
    </Dialog>
  );
}
