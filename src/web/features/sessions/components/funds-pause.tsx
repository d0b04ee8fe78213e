import { formatCents } from '@shared/money';
import { Hourglass } from 'lucide-react';
import type { ReactNode } from 'react';

/** The client's line, in the Add Funds dialog and the banner: how long is left to keep the reading. */
export function TopUpCountdown({ countdown }: { countdown: string }) {
  return (
    <p
      data-testid="top-up-countdown"
      className="flex items-center gap-2 rounded-xl border border-gold/50 bg-gold/10 px-3 py-2 text-sm font-semibold text-foreground"
    >
      <Hourglass className="size-4 shrink-0 text-gold" aria-hidden="true" />
      <span>
        Add funds within <span className="tabular-nums">{countdown}</span> to keep your reading
      </span>
    </p>
  );
}

/**
 * The server paused the reading because the client cannot pay the next minute (decision 020): the
 * meter, chat and media wait until a deposit covers it, or the reading ends when the countdown
 * does. The client sees what to pay and a way back to the dialog; the reader sees what they wait for.
 */
export function FundsPauseBanner(
  props: { countdown: string } & (
    | { isClient: true; ratePerMinuteCents: number; addFunds: ReactNode; reloadFailure?: string | null }
    | { isClient: false }
  ),
) {
  return (
    <div
      role="status"
      data-testid="reading-paused-for-funds"
      className="flex flex-col gap-3 rounded-2xl border border-gold/50 bg-gold/10 px-4 py-3 text-sm text-foreground sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex items-start gap-3">
        <Hourglass className="mt-0.5 size-5 shrink-0 text-gold" aria-hidden="true" />
        {props.isClient ? (
          <p>
            <span className="font-semibold">Reading paused.</span> Your balance does not cover the next minute (
            {formatCents(props.ratePerMinuteCents)}
            ). Add funds within <span className="font-semibold tabular-nums">{props.countdown}</span> to keep your
            reading; the pause is not charged.
            {props.reloadFailure ? (
              <span className="mt-1 block" data-testid="auto-reload-failed">
                Auto-reload could not add funds: {props.reloadFailure}
              </span>
            ) : null}
          </p>
        ) : (
          <p>
            <span className="font-semibold">Waiting for the client to add funds.</span> The reading is paused and no
            minutes are charged; it ends in <span className="font-semibold tabular-nums">{props.countdown}</span> unless
            they top up.
          </p>
        )}
      </div>
      {props.isClient ? <div className="shrink-0 self-center">{props.addFunds}</div> : null}
    </div>
  );
}
