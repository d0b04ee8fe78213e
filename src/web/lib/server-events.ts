import type { ServerEvent, ServerEventPayload, serverEventSchemas } from '@shared/realtime';
import { useEffect } from 'react';
import { useSocket, useSocketEvent } from './socket';

type Schemas = typeof serverEventSchemas;
let schemas: Promise<Schemas> | undefined;

/**
 * The payloads' schemas (and zod with them, 25 KB gzip) load once a socket exists: a visitor has
 * none, so the public pages that listen for live changes do not fetch them (decision 007).
 */
const loadSchemas = () => {
  schemas ??= import('@shared/realtime').then((module) => module.serverEventSchemas);
  return schemas;
};

/**
 * Listens to one server event with its payload checked against the event's schema from
 * @shared/realtime: the handler only ever sees a valid payload of the right type, and a malformed
 * one is dropped with a warning. Events are handled in the order they came, once the schemas are
 * there (every event waits on the same promise).
 */
export function useServerEvent<E extends ServerEvent>(
  event: E,
  handler: (payload: ServerEventPayload<E>) => void,
): void {
  const socket = useSocket();
  useEffect(() => {
    if (socket) void loadSchemas();
  }, [socket]);
  useSocketEvent(event, (payload) => {
    void loadSchemas().then((eventSchemas) => {
      const parsed = eventSchemas[event].safeParse(payload);
      // biome-ignore lint/plugin: parsed by the schema of `event` itself; TypeScript cannot pair a schema map's entry with a generic key.
      if (parsed.success) handler(parsed.data as ServerEventPayload<E>);
      else console.warn(`Ignored a malformed ${event} event`, parsed.error.issues);
    });
  });
}
