import { formatCents } from '@shared/money';
import { offerSummary, type Promotion, type PromotionState } from '@shared/promotions';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Pause, Play, Send } from 'lucide-react';
import { type ComponentProps, useId, useRef } from 'react';
import { ListSkeleton, LoadFailed } from '@/components/list-states';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/lib/toast';
import { CreatePromotionDialog } from './create-promotion-dialog';
import { canPause, PROMOTION_STATE_LABELS, promotionTotals, redemptionsSummary, windowSummary } from './promotion-view';
import { announcePromotion, promotionsQuery, promotionsQueryKey, setPromotionPaused } from './promotions-api';

const STATE_BADGES: Record<PromotionState, ComponentProps<typeof Badge>['variant']> = {
  active: 'pink',
  scheduled: 'outline',
  paused: 'gold',
  ended: 'secondary',
  used_up: 'secondary',
};

/**
 * One change to one code (pause, resume, send), its answer put in the list. A second click while
 * the first call runs (before the button has re-rendered disabled) is dropped, so a double click
 * sends once.
 */
function usePromotionChange<T>(
  change: (value: T) => Promise<Promotion>,
  says: { done: (updated: Promotion) => string; failed: (value: T) => string },
) {
  const queryClient = useQueryClient();
  const isInFlight = useRef(false);
  const mutation = useMutation({
    mutationFn: change,
    onSuccess: (updated) => {
      queryClient.setQueryData(
        promotionsQuery.queryKey,
        (list) => list && { promotions: list.promotions.map((item) => (item.id === updated.id ? updated : item)) },
      );
      toast.success(says.done(updated));
    },
    onError: (error, value) => toast.error(says.failed(value), { description: error.message }),
    onSettled: () => {
      isInFlight.current = false;
      return queryClient.invalidateQueries({ queryKey: promotionsQueryKey });
    },
  });
  return {
    isPending: mutation.isPending,
    pendingValue: mutation.isPending ? mutation.variables : undefined,
    run(value: T) {
      if (isInFlight.current) return;
      isInFlight.current = true;
      mutation.mutate(value);
    },
  };
}

const usePauseToggle = (promotion: Promotion) =>
  usePromotionChange((paused: boolean) => setPromotionPaused(promotion.id, paused), {
    done: (updated) =>
      updated.paused ? `${updated.code} paused: refused to everyone until resumed` : `${updated.code} resumed`,
    failed: (paused) => (paused ? `Failed to pause ${promotion.code}` : `Failed to resume ${promotion.code}`),
  });

const useAnnounce = (promotion: Promotion) =>
  usePromotionChange(() => announcePromotion(promotion.id), {
    done: (updated) => `${updated.code} is being sent to the clients who opted into offers`,
    failed: () => `Failed to send ${promotion.code}`,
  });

/** Sending an active code to the clients who opted into offers, or how far its sending has reached. */
function AnnounceStatus({ promotion }: { promotion: Promotion }) {
  const announce = useAnnounce(promotion);
  if (promotion.announcedAt) {
    return (
      <p className="text-xs text-muted-foreground" data-testid="promotion-sent">
        Sent to clients who opted into offers · reached {promotion.offersSent} so far
      </p>
    );
  }
  if (promotion.state !== 'active') return null;
  return (
    <div>
      <Button
        variant="outline"
        size="sm"
        disabled={announce.isPending}
        aria-label={`Send ${promotion.code} to clients`}
        onClick={() => announce.run(undefined)}
      >
        <Send aria-hidden="true" />
        {announce.isPending ? 'Sending…' : 'Send to clients who opted in'}
      </Button>
    </div>
  );
}

function Figure({
  label,
  value,
  detail,
  className,
}: {
  label: string;
  value: string;
  detail?: string;
  className?: string;
}) {
  return (
    <div>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className={className ?? 'tabular-nums'}>
        {value}
        {detail ? <span className="block text-xs font-normal text-muted-foreground">{detail}</span> : null}
      </dd>
    </div>
  );
}

function PromotionFigures({ promotion }: { promotion: Promotion }) {
  return (
    // Fixed columns from lg up, so figures line up from one code to the next.
    <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4 lg:grid-cols-[repeat(4,7.5rem)]">
      <Figure label="Redemptions" value={redemptionsSummary(promotion)} />
      <Figure
        label="Granted"
        value={formatCents(promotion.grantedCents)}
        detail={promotion.budgetCents === null ? undefined : `of ${formatCents(promotion.budgetCents)} budget`}
      />
      <Figure
        label="Spent (cost)"
        value={formatCents(promotion.spentCents)}
        className="font-semibold text-gold tabular-nums"
      />
      <Figure label="Expired" value={formatCents(promotion.expiredCents)} />
    </dl>
  );
}

function PromotionRow({ promotion }: { promotion: Promotion }) {
  const toggle = usePauseToggle(promotion);
  const action = promotion.paused ? 'Resume' : 'Pause';
  return (
    <li
      className="grid gap-3 py-4 lg:grid-cols-[minmax(0,1fr)_auto_auto] lg:items-center lg:gap-6"
      data-testid="admin-promotion"
      aria-label={`Code ${promotion.code}`}
    >
      <div className="grid min-w-0 gap-1">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="font-mono text-base font-semibold tracking-wide [overflow-wrap:anywhere]">
            {promotion.code}
          </span>
          <Badge variant={STATE_BADGES[promotion.state]} data-testid="promotion-state">
            {PROMOTION_STATE_LABELS[promotion.state]}
          </Badge>
          {promotion.welcome ? (
            <Badge variant="gold">Welcome offer</Badge>
          ) : promotion.newClientsOnly ? (
            <Badge variant="outline">New clients only</Badge>
          ) : null}
        </p>
        <p className="text-sm">{offerSummary(promotion)}</p>
        <p className="text-xs text-muted-foreground">{windowSummary(promotion)}</p>
        <AnnounceStatus promotion={promotion} />
      </div>
      <PromotionFigures promotion={promotion} />
      <div className="flex lg:w-28">
        {canPause(promotion) ? (
          <Button
            variant={promotion.paused ? 'gold' : 'outline'}
            size="sm"
            className="w-full sm:w-auto lg:w-28"
            disabled={toggle.isPending}
            aria-label={`${action} ${promotion.code}`}
            onClick={() => toggle.run(!promotion.paused)}
          >
            {promotion.paused ? <Play aria-hidden="true" /> : <Pause aria-hidden="true" />}
            {toggle.pendingValue === undefined ? action : toggle.pendingValue ? 'Pausing…' : 'Resuming…'}
          </Button>
        ) : null}
      </div>
    </li>
  );
}

function Totals({ promotions }: { promotions: Promotion[] }) {
  const totals = promotionTotals(promotions);
  return (
    <p className="text-sm text-muted-foreground" data-testid="promotion-totals">
      {promotions.length} {promotions.length === 1 ? 'code' : 'codes'} · {formatCents(totals.grantedCents)} granted ·{' '}
      <span className="font-semibold text-gold">{formatCents(totals.spentCents)} spent (cost to date)</span> ·{' '}
      {formatCents(totals.expiredCents)} expired
    </p>
  );
}

function PromotionList() {
  const query = useQuery(promotionsQuery);
  if (query.isPending) return <ListSkeleton label="Loading promotion codes" />;
  if (query.isError) return <LoadFailed query={query} message="We could not load the promotion codes." />;
  const { promotions } = query.data;
  if (promotions.length === 0)
    return <p className="py-8 text-center text-muted-foreground">No promotion codes yet. Create the first one.</p>;
  return (
    <div className="grid gap-2">
      <Totals promotions={promotions} />
      <ul className="divide-y divide-border" aria-label="Promotion codes">
        {promotions.map((promotion) => (
          <PromotionRow key={promotion.id} promotion={promotion} />
        ))}
      </ul>
    </div>
  );
}

/**
 * Admin → Promotions (decision 066): the codes, newest first, each with its offer, window, state,
 * redemptions and what its credit has cost (the part spent; granted credit not yet spent may still
 * expire), and the ways to create, pause and resume one.
 */
export function PromotionsTab() {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId}>
      <Card>
        <CardHeader className="gap-4 sm:flex-row sm:items-start sm:justify-between">
          <div className="grid gap-1.5">
            <CardTitle id={titleId}>Promotion codes</CardTitle>
            <CardDescription>
              Credit a code grants is spent before cash and expires; its cost to date is the part clients have spent. A
              paused code is refused to everyone until resumed.
            </CardDescription>
          </div>
          <CreatePromotionDialog />
        </CardHeader>
        <CardContent>
          <PromotionList />
        </CardContent>
      </Card>
    </section>
  );
}
