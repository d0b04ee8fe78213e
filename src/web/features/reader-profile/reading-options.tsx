import type { Reader } from '@shared/readers';
import { useId } from 'react';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { AutomatedReaderNote, FreeMinutesBadge, ReaderRates, ReadingActions, useQueueChoice } from '@/features/readers';
import { cn } from '@/lib/cn';

/** Why the buttons are off, or null while the reader can take a reading (or the viewer is in their line). */
function unavailableReason(
  reader: Reader,
  usualHours: string | null,
  queue: ReturnType<typeof useQueueChoice>['kind'],
): string | null {
  if (queue === 'in-line') return null;
  if (queue === 'can-join')
    return `${reader.firstName} is in a session right now. Join the queue to be offered the reading when they are free.`;
  if (reader.status === 'busy') return `${reader.firstName} is in a session right now. Check back in a few minutes.`;
  if (reader.status === 'offline')
    return `${reader.firstName} is offline right now.${usualHours ? ` ${usualHours} (your time).` : ''}`;
  return null;
}

/**
 * The three per-minute rates and a button for each kind of reading, off (with the reason) unless the
 * reader is free; for a client and a busy reader, their queue instead.
 */
export function ReadingOptions({
  reader,
  usualHours,
  isTimeZoneKnown = true,
}: {
  reader: Reader;
  usualHours: string | null;
  isTimeZoneKnown?: boolean;
}) {
  const reasonId = useId();
  const reason = unavailableReason(reader, usualHours, useQueueChoice(reader).kind);
  return (
    <section aria-labelledby={`${reasonId}-title`}>
      <Card>
        <CardHeader className="flex-row flex-wrap items-center justify-between">
          <h2 id={`${reasonId}-title`} className="text-lg leading-tight font-semibold">
            Start a reading
          </h2>
          <FreeMinutesBadge minutes={reader.freeMinutes} />
        </CardHeader>
        <CardContent className="grid gap-4">
          {reader.repliesAutomated ? <AutomatedReaderNote /> : null}
          <ReaderRates reader={reader} />
          <div className="grid grid-cols-2 gap-2">
            <ReadingActions reader={reader} reasonId={reason ? reasonId : undefined} />
          </div>
          {reason ? (
            // Its usual hours are in the viewer's time: unseen, in place, until that zone is known.
            <p
              id={reasonId}
              className={cn('text-sm text-muted-foreground', !isTimeZoneKnown && 'invisible')}
              data-testid="unavailable-reason"
            >
              {reason}
            </p>
          ) : null}
        </CardContent>
      </Card>
    </section>
  );
}
