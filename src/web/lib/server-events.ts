import { type ServerEvent, type ServerEventPayload, serverEventSchemas } from '@shared/realtime';
import { useSocketEvent } from './socket';

/**
 * Listens to one server event with its payload checked against the event's schema from
 * @shared/realtime: the handler only ever sees a valid payload of the right type, and a malformed
 * one is dropped with a warning. (It brings zod along, so the always-loaded layout does not use it.)
 */
export function useServerEvent<E extends ServerEvent>(event: E, handler: (payload: ServerEventPayload<E>) => void): void {
  useSocketEvent(event, (payload) => {
    const parsed = serverEventSchemas[event].safeParse(payload);
    if (parsed.success) handler(parsed.data as ServerEventPayload<E>);
    else console.warn(`Ignored a malformed ${event} event`, parsed.error.issues);
  });
}
