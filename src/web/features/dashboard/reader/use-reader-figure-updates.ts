import { SERVER_EVENTS } from '@shared/realtime';
import { useQueryClient } from '@tanstack/react-query';
import { useSocketConnected, useSocketEvent } from '@/lib/socket';
import { readerFigureKeys } from './reader-api';

/**
 * The dashboard's figures follow the money: a charged minute (`billing_update`) grows what is held,
 * a reading's end (`session_ended`, and `wallet_updated` when it released or refunded a share) moves
 * it to earnings or back to the client. On every connect they are fetched again, since events sent
 * while the socket was down or not yet in the user's room are lost.
 */
export function useReaderFigureUpdates(): void {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: readerFigureKeys.all });
  useSocketEvent(SERVER_EVENTS.billingUpdate, refresh);
  useSocketEvent(SERVER_EVENTS.walletUpdated, refresh);
  useSocketEvent(SERVER_EVENTS.sessionEnded, refresh);
  useSocketConnected(refresh);
}
