import { formatCents } from '@shared/money';
import { SERVER_EVENTS } from '@shared/realtime';
import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { readingReminderQuery } from '@/features/wallet';
// The preference lives with the wallet's other money settings (the Wallet tab's Spending limits card).
import { useServerEvent } from '@/lib/server-events';
import { toast } from '@/lib/toast';

/**
 * Whether minute `minutesCharged` is one to remind at: a multiple of `everyMinutes`, and later than
 * the last reminded one, so a billing update repeated for a minute never reminds twice.
 */
export function isReminderDue(
  minutesCharged: number,
  everyMinutes: number | null,
  lastRemindedMinute: number,
): boolean {
  return (
    everyMinutes !== null &&
    minutesCharged > 0 &&
    minutesCharged % everyMinutes === 0 &&
    minutesCharged > lastRemindedMinute
  );
}

export function readingReminderMessage(minutes: number, totalCostCents: number): string {
  return `You have been in this reading for ${minutes} minutes: ${formatCents(totalCostCents)} so far.`;
}

/** The client's reading reminder (Wallet tab): a toast at every N billed minutes of this reading. */
export function useReadingReminder(sessionId: string, isClient: boolean) {
  const { data } = useQuery({ ...readingReminderQuery, enabled: isClient });
  const everyMinutes = isClient ? (data?.everyMinutes ?? null) : null;
  const lastRemindedMinute = useRef(0);
  useServerEvent(SERVER_EVENTS.billingUpdate, (update) => {
    if (
      update.sessionId !== sessionId ||
      !isReminderDue(update.minutesCharged, everyMinutes, lastRemindedMinute.current)
    )
      return;
    lastRemindedMinute.current = update.minutesCharged;
    // The id makes a second toast for the same minute (a remount) replace the first, not add to it.
    toast.info(readingReminderMessage(update.minutesCharged, update.totalCostCents), {
      id: `reading-reminder-${sessionId}-${update.minutesCharged}`,
    });
  });
}
