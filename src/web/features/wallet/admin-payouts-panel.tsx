import { formatCents } from '@shared/money';
import { PAYOUT_LIST_LIMIT, type Payout, type PayoutStatus } from '@shared/wallet';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ListSkeleton, LoadFailed } from '@/components/list-states';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { cn } from '@/lib/cn';
import { formatRelativeDate } from '@/lib/relative-date';
import { payoutsByStatusQuery } from './api';
import { useDecidePayout } from './use-decide-payout';

const TABS: { status: PayoutStatus; label: string; empty: string }[] = [
  { status: 'pending', label: 'Pending', empty: 'No pending payouts' },
  { status: 'paid', label: 'Paid', empty: 'No paid payouts yet' },
  { status: 'rejected', label: 'Rejected', empty: 'No rejected payouts' },
];

function When({ verb, iso }: { verb: string; iso: string }) {
  return (
    <>
      {verb}{' '}
      <time dateTime={iso} title={new Date(iso).toLocaleString()}>
        {formatRelativeDate(iso).toLowerCase()}
      </time>
    </>
  );
}

function ReaderCell({ payout }: { payout: Payout }) {
  return (
    <div className="min-w-0 flex-1">
      {/* Wrapped, never cut off: the admin pays the person this email belongs to. */}
      <p className="font-semibold [overflow-wrap:anywhere]">{payout.readerName}</p>
      <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">{payout.readerEmail}</p>
      <p className="text-xs text-muted-foreground" data-testid="payout-account-status">
        Payout account: {ACCOUNT_STATUS_LABELS[payout.accountStatus ?? 'none']}
      </p>
    </div>
  );
}

/** The reader's Stripe Connect account as account.updated last said: a payout goes only to an enabled one. */
const ACCOUNT_STATUS_LABELS = {
  none: 'not connected',
  pending: 'onboarding',
  enabled: 'enabled',
  restricted: 'restricted',
} as const;

/** Gold marks money on its way to a reader; a rejected amount went back to the reader's earnings instead. */
function Amount({ payout }: { payout: Payout }) {
  return (
    <p
      className={cn(
        'shrink-0 text-lg font-semibold tabular-nums',
        payout.status === 'rejected' ? 'text-foreground' : 'text-gold',
      )}
    >
      {formatCents(payout.amountCents)}
    </p>
  );
}

function PendingPayoutRow({ payout }: { payout: Payout }) {
  const { decide, isLocked, lockedDecision } = useDecidePayout(payout.id);
  const [isConfirmingReject, setIsConfirmingReject] = useState(false);
  const amount = formatCents(payout.amountCents);

  return (
    <li className="grid gap-3 py-4 sm:flex sm:items-center sm:gap-4" data-testid="admin-payout">
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <ReaderCell payout={payout} />
        <div className="text-right">
          <Amount payout={payout} />
          <p className="text-sm whitespace-nowrap text-muted-foreground">
            <When verb="Requested" iso={payout.createdAt} />
          </p>
        </div>
      </div>
      <div className="grid grid-cols-2 gap-2 sm:flex">
        <Button variant="gold" size="sm" disabled={isLocked} onClick={() => decide('paid')}>
          {lockedDecision === 'paid' ? 'Marking paid…' : 'Mark paid'}
        </Button>
        <Button variant="outline" size="sm" disabled={isLocked} onClick={() => setIsConfirmingReject(true)}>
          {lockedDecision === 'rejected' ? 'Rejecting…' : 'Reject'}
        </Button>
      </div>
      <Dialog open={isConfirmingReject} onOpenChange={setIsConfirmingReject}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Reject this payout?</DialogTitle>
            <DialogDescription>
              {amount} goes back to {payout.readerName}’s earnings, and they see the payout as returned. This cannot be
              undone.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Keep pending</Button>
            </DialogClose>
            <Button
              variant="destructive"
              onClick={() => {
                setIsConfirmingReject(false);
                decide('rejected');
              }}
            >
              Reject payout
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </li>
  );
}

function DecidedPayoutRow({ payout }: { payout: Payout }) {
  return (
    <li className="flex items-start gap-3 py-4" data-testid="admin-payout">
      <ReaderCell payout={payout} />
      <div className="text-right">
        <Amount payout={payout} />
        {payout.decidedAt ? (
          <p className="text-sm whitespace-nowrap text-muted-foreground">
            <When
              verb={payout.status === 'paid' ? 'Paid' : payout.status === 'failed' ? 'Reversed' : 'Rejected'}
              iso={payout.decidedAt}
            />
          </p>
        ) : null}
        {payout.transferId ? (
          <p className="text-xs text-muted-foreground" data-testid="payout-transfer">
            Transfer <span className="font-mono">{payout.transferId}</span>
          </p>
        ) : null}
      </div>
    </li>
  );
}

function PayoutList({ status, label, empty }: (typeof TABS)[number]) {
  const query = useQuery(payoutsByStatusQuery(status));
  if (query.isPending) return <ListSkeleton label="Loading payouts" rowClassName="h-16" />;
  if (query.isError) return <LoadFailed query={query} message="We could not load payouts." />;
  const { payouts } = query.data;
  if (payouts.length === 0) return <p className="py-8 text-center text-muted-foreground">{empty}</p>;
  const Row = status === 'pending' ? PendingPayoutRow : DecidedPayoutRow;
  return (
    <ul className="divide-y divide-border" aria-label={`${label} payouts`}>
      {payouts.map((payout) => (
        <Row key={payout.id} payout={payout} />
      ))}
    </ul>
  );
}

/** The pending count on the tab; the list endpoint stops at PAYOUT_LIST_LIMIT, so a full page reads "100+". */
function PendingCount() {
  const { data } = useQuery(payoutsByStatusQuery('pending'));
  const count = data?.payouts.length ?? 0;
  if (count === 0) return null;
  return (
    <span className="rounded-full bg-current/15 px-1.5 text-xs tabular-nums" data-testid="pending-payouts-count">
      {count >= PAYOUT_LIST_LIMIT ? `${PAYOUT_LIST_LIMIT}+` : count}
    </span>
  );
}

/** The admin's payouts queue: pay or reject what readers asked to withdraw, and look back at decisions. */
export function AdminPayoutsPanel() {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId}>
      <Card>
        <CardHeader>
          <CardTitle id={titleId}>Payouts</CardTitle>
          <CardDescription>
            Readers’ withdrawal requests. Mark one paid once the money is sent; rejecting returns it to the reader’s
            earnings.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Tabs defaultValue="pending">
            <TabsList aria-label="Payout status">
              {TABS.map((tab) => (
                <TabsTrigger key={tab.status} value={tab.status} className="gap-1.5">
                  {tab.label}
                  {tab.status === 'pending' ? <PendingCount /> : null}
                </TabsTrigger>
              ))}
            </TabsList>
            {TABS.map((tab) => (
              <TabsContent key={tab.status} value={tab.status} className="mt-4">
                <PayoutList {...tab} />
              </TabsContent>
            ))}
          </Tabs>
        </CardContent>
      </Card>
    </section>
  );
}
