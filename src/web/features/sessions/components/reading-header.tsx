import type { SessionType } from '@shared/constants';
import { formatCents } from '@shared/money';
import type { ReactNode } from 'react';
import { PersonAvatar } from '@/components/person-avatar';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import { SESSION_TYPE_LABELS } from '@/lib/session-labels';
import { CALL_STATUS_LABELS, type CallStatus } from '../session-logic';

const statusStyles: Record<CallStatus, string> = {
  pending: 'border-border bg-muted text-muted-foreground',
  connecting: 'border-gold/50 bg-gold/10 text-gold',
  connected: 'border-emerald-500/50 bg-emerald-500/15 text-emerald-700 dark:text-emerald-300',
  paused: 'border-gold/50 bg-gold/15 text-gold',
  ended: 'border-destructive/50 bg-destructive/10 text-destructive',
};

function Figure({
  label,
  value,
  note,
  className,
  testId,
}: {
  label: string;
  value: string;
  note?: string;
  className?: string;
  testId: string;
}) {
  return (
    <div className="flex flex-col items-start sm:items-end">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className={cn('font-semibold tabular-nums', className)} data-testid={testId}>
        {value}
      </dd>
      {note ? (
        <dd className="text-xs text-muted-foreground" data-testid={`${testId}-note`}>
          {note}
        </dd>
      ) : null}
    </div>
  );
}

export function ReadingHeader({
  otherName,
  otherAvatarUrl,
  otherRole,
  callStatus,
  sessionType,
  ratePerMinuteCents,
  elapsed,
  costCents,
  wallet,
  actions,
}: {
  otherName: string;
  otherAvatarUrl: string | null;
  otherRole: 'reader' | 'client';
  callStatus: CallStatus;
  sessionType: SessionType;
  ratePerMinuteCents: number;
  elapsed: string;
  costCents: number;
  /** The client sees their balance; the reader what the reading has earned them. */
  /** The client's: what they can still spend, cash and (when they have some) promotional credit together. */
  wallet:
    | { kind: 'balance'; cents: number; isLow: boolean; withCredit: boolean }
    | { kind: 'earnings'; cents: number; isRefunded: boolean };
  /** What one can do about the other person (Block), beside their name. */
  actions?: ReactNode;
}) {
  return (
    <header className="flex flex-col gap-4 rounded-2xl border border-border bg-card/85 p-4 backdrop-blur sm:flex-row sm:items-center sm:justify-between">
      <div className="flex items-center gap-3">
        <PersonAvatar name={otherName} imageUrl={otherAvatarUrl} />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <div className="flex items-center justify-between gap-2">
            <h1 className="text-lg font-semibold leading-tight [overflow-wrap:anywhere]">{otherName}</h1>
            {actions}
          </div>
          <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            <span>
              {SESSION_TYPE_LABELS[sessionType]} reading{' '}
              {otherRole === 'reader' ? 'with your reader' : 'with your client'}
            </span>
            <Badge className={statusStyles[callStatus]} data-testid="call-status" aria-live="polite">
              {CALL_STATUS_LABELS[callStatus]}
            </Badge>
          </div>
        </div>
      </div>
      <dl className="grid grid-cols-4 gap-3 sm:flex sm:gap-6">
        <Figure label="Rate" value={`${formatCents(ratePerMinuteCents)}/min`} testId="reading-rate" />
        <Figure label="Time" value={elapsed} testId="reading-timer" />
        <Figure label="Cost" value={formatCents(costCents)} testId="reading-cost" />
        {wallet.kind === 'balance' ? (
          <Figure
            label={wallet.withCredit ? 'Balance + credit' : 'Balance'}
            value={formatCents(wallet.cents)}
            className={wallet.isLow ? 'text-destructive' : undefined}
            testId="reading-balance"
          />
        ) : (
          <Figure
            label="You earn"
            value={formatCents(wallet.cents)}
            note={wallet.isRefunded ? 'Refunded' : undefined}
            className="text-gold"
            testId="reading-earnings"
          />
        )}
      </dl>
    </header>
  );
}
