import { SERVER_EVENTS } from '@shared/realtime';
import { extensionOfferRate, type ReadingSession } from '@shared/sessions';
import { useQueryClient } from '@tanstack/react-query';
import { type Dispatch, type SetStateAction, useCallback, useState } from 'react';
import { ApiError } from '@/lib/api';
import { useServerEvent } from '@/lib/server-events';
import { toast } from '@/lib/toast';
import { changedRateCents, extendReading, sessionQuery } from './api';

/**
 * Extending a booked reading (docs/decisions/048): this side's press, and the other side's as the
 * server tells it (`session_extension`). A press whose rate changed meanwhile is refused by the
 * server with the new rate; the room then shows it, for a second press at that rate.
 */
export function useReadingExtension(session: ReadingSession, setSession: Dispatch<SetStateAction<ReadingSession>>) {
  const queryClient = useQueryClient();
  const [isExtending, setIsExtending] = useState(false);
  const sessionId = session.id;

  useServerEvent(SERVER_EVENTS.sessionExtension, (extension) => {
    if (extension.sessionId === sessionId) setSession((current) => ({ ...current, booking: extension.booking }));
  });

  const { booking } = session;
  const extend = useCallback(async () => {
    if (!booking) return;
    setIsExtending(true);
    try {
      setSession(await extendReading(sessionId, extensionOfferRate(booking)));
    } catch (error) {
      const newRate = changedRateCents(error);
      toast.error(newRate === null ? 'Failed to extend the reading' : "The reader's rate has changed", {
        description:
          newRate === null
            ? error instanceof ApiError
              ? error.message
              : undefined
            : 'Check the new rate, then press Extend again.',
      });
      const fresh = await queryClient.fetchQuery({ ...sessionQuery(sessionId), staleTime: 0 }).catch(() => null);
      if (fresh) setSession(fresh);
    } finally {
      setIsExtending(false);
    }
  }, [booking, queryClient, sessionId, setSession]);

  return { extend, isExtending };
}
