import { formatCents } from '@shared/money';
import { extensionOfferRate, isExtended, type SessionBooking } from '@shared/sessions';
import { CalendarClock } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

interface ExtendReadingProps {
  booking: SessionBooking;
  isClient: boolean;
  otherName: string;
  minutesCharged: number;
  isExtending: boolean;
  onExtend: () => void;
}

/** Where the booked reading stands: its minute of the booked length, or how far past it. */
function bookedProgress(booking: SessionBooking, minutesCharged: number): string {
  const past = minutesCharged - booking.bookedMinutes;
  return past > 0
    ? `${past} min past the booked ${booking.bookedMinutes}`
    : `minute ${Math.max(minutesCharged, 1)} of ${booking.bookedMinutes}`;
}

/**
 * A booked reading's terms in the room (docs/decisions/048): it ends at its booked length unless both
 * press Extend, after which each further minute costs the rate shown, from the client's wallet.
 */
export function ExtendReading({
  booking,
  isClient,
  otherName,
  minutesCharged,
  isExtending,
  onExtend,
}: ExtendReadingProps) {
  const rate = `${formatCents(extensionOfferRate(booking))}/min`;
  const fromWallet = isClient ? ' from your wallet' : '';
  const mine = isClient ? booking.clientExtendedAt : booking.readerExtendedAt;
  const theirs = isClient ? booking.readerExtendedAt : booking.clientExtendedAt;
  let status: string;
  if (isExtended(booking))
    status = `Extended: the reading goes on past its booked ${booking.bookedMinutes} minutes at ${rate}${fromWallet}, until one of you ends it.`;
  else if (mine) status = `You asked to go on past the booked time at ${rate}. Waiting for ${otherName} to agree.`;
  else if (theirs) status = `${otherName} would like to go on past the booked time at ${rate}${fromWallet}.`;
  else
    status = `It ends after ${booking.bookedMinutes} minutes. To go on, both of you press Extend: each minute past it costs ${rate}${fromWallet}.`;
  return (
    <section
      aria-labelledby="booked-reading-heading"
      className="flex flex-col gap-3 rounded-2xl border border-border bg-card/70 p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex items-start gap-3">
        <CalendarClock className="mt-0.5 size-5 shrink-0 text-gold" aria-hidden="true" />
        <div>
          <h2 id="booked-reading-heading" className="font-semibold">
            Booked reading · <span data-testid="booked-progress">{bookedProgress(booking, minutesCharged)}</span>
          </h2>
          <p className="text-sm text-muted-foreground" data-testid="extension-status" aria-live="polite">
            {status}
          </p>
        </div>
      </div>
      {mine ? null : (
        <Button variant="gold" className="shrink-0" onClick={onExtend} disabled={isExtending}>
          {isExtending ? <Spinner className="size-4 text-background" label="Extending" /> : null}
          Extend at {rate}
        </Button>
      )}
    </section>
  );
}
