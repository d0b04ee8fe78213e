import type { WalletTransaction } from '@shared/wallet';
import { useInfiniteQuery } from '@tanstack/react-query';
import { ArrowDownLeft, ArrowUpRight } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { formatRelativeDate } from '@/lib/relative-date';
import { walletTransactionsQuery } from './api';
import { counterpartLabel, creditPart, formatSignedCents, transactionTitle } from './transaction-view';

function TransactionRow({ transaction }: { transaction: WalletTransaction }) {
  const isIncoming = transaction.amountCents > 0;
  const Icon = isIncoming ? ArrowDownLeft : ArrowUpRight;
  const when = new Date(transaction.createdAt);
  const detail = counterpartLabel(transaction);
  return (
    <li className="flex items-center gap-3 py-3" data-testid="wallet-transaction">
      <span
        className={cn(
          'grid size-9 shrink-0 place-items-center rounded-full',
          isIncoming ? 'bg-gold/15 text-gold' : 'bg-pink/15 text-pink',
        )}
      >
        <Icon className="size-4" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-semibold [overflow-wrap:anywhere]">{transactionTitle(transaction)}</p>
        <p className="truncate text-sm text-muted-foreground">
          {detail ? `${detail} · ` : null}
          <time dateTime={transaction.createdAt} title={when.toLocaleString()}>
            {formatRelativeDate(when)}
          </time>
        </p>
        {transaction.creditCents !== 0 ? (
          <p className="text-sm text-gold">{creditPart(transaction.creditCents)}</p>
        ) : null}
      </div>
      <span className={cn('shrink-0 font-semibold tabular-nums', isIncoming ? 'text-gold' : 'text-foreground')}>
        {formatSignedCents(transaction.amountCents)}
      </span>
    </li>
  );
}

/** The signed-in user's wallet transactions, newest first, a page at a time. */
export function WalletTransactions() {
  const query = useInfiniteQuery(walletTransactionsQuery);
  if (query.isPending) {
    return (
      <div className="grid gap-3" role="status" aria-label="Loading transactions">
        {[1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-12" />
        ))}
      </div>
    );
  }
  if (query.isError) return <Alert variant="destructive">We could not load your transactions. Please try again.</Alert>;
  const transactions = query.data.pages.flatMap((page) => page.transactions);
  if (transactions.length === 0)
    return (
      <p className="py-6 text-center text-muted-foreground">
        No transactions yet. Add funds to book your first reading.
      </p>
    );
  return (
    <div>
      <ul className="divide-y divide-border" aria-label="Wallet transactions">
        {transactions.map((transaction) => (
          <TransactionRow key={transaction.id} transaction={transaction} />
        ))}
      </ul>
      {query.hasNextPage ? (
        <div className="mt-4 flex justify-center">
          <Button variant="outline" onClick={() => query.fetchNextPage()} disabled={query.isFetchingNextPage}>
            {query.isFetchingNextPage ? 'Loading…' : 'Show more'}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
