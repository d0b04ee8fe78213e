import { ackFailureSchema } from '@shared/realtime';
import type { Socket } from 'socket.io-client';
import type { z } from 'zod';

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
 * Sends one event with its object payload and waits for the acknowledgement (the protocol of
 * @shared/realtime): `{ ok: false, error }` becomes an AckError, `{ ok: true, … }` is parsed with the schema.
 */
export async function emitWithAck<T extends z.ZodType>(socket: Socket, event: string, payload: object, schema: T): Promise<z.infer<T>> {
  let reply: unknown;
  try {
    reply = await socket.timeout(ACK_TIMEOUT_MS).emitWithAck(event, payload);
  } catch {
    throw new AckError('TIMEOUT', 'The server did not answer in time. Please try again.');
  }
  const failure = ackFailureSchema.safeParse(reply);
  if (failure.success) throw new AckError(failure.data.error.code, failure.data.error.message);
  const parsed = schema.safeParse(reply);
  if (!parsed.success) throw new AckError('BAD_RESPONSE', 'We received an unexpected answer. Please try again.');
  return parsed.data;
}
