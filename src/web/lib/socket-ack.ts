import {
  ackFailureSchema,
  type ClientEvent,
  type ClientEventAck,
  type ClientEventPayload,
  clientEventSchemas,
} from '@shared/realtime';
import type { Socket } from 'socket.io-client';
import type { AppSocket } from '@/lib/socket';

/** A socket event the server refused: its code and message, as an HTTP error would carry them. */
export class AckError extends Error {
  readonly code: string;

  constructor(code: string, message: string) {
    super(message);
    this.name = 'AckError';
    this.code = code;
  }
}

const ACK_TIMEOUT_MS = 10_000;

/**
 * Sends one event with its payload and waits for the acknowledgement (the protocol of
 * @shared/realtime): `{ ok: false, error }` becomes an AckError, `{ ok: true, … }` is checked with
 * the event's ack schema from the same map.
 */
export async function emitWithAck<E extends ClientEvent>(
  socket: AppSocket,
  event: E,
  payload: ClientEventPayload<E>,
): Promise<ClientEventAck<E>> {
  let reply: unknown;
  try {
    // biome-ignore lint/plugin: Socket.IO cannot resolve its argument tuple for a generic event name; this function's signature checks event and payload.
    reply = await (socket as Socket).timeout(ACK_TIMEOUT_MS).emitWithAck(event, payload);
  } catch {
    throw new AckError('TIMEOUT', 'The server did not answer in time. Please try again.');
  }
  const failure = ackFailureSchema.safeParse(reply);
  if (failure.success) throw new AckError(failure.data.error.code, failure.data.error.message);
  const parsed = clientEventSchemas[event].ack.safeParse(reply);
  if (!parsed.success) throw new AckError('BAD_RESPONSE', 'We received an unexpected answer. Please try again.');
  // biome-ignore lint/plugin: parsed by the ack schema of `event` itself; TypeScript cannot pair a schema map's entry with a generic key.
  return parsed.data as ClientEventAck<E>;
}
