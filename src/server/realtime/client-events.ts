import { ZodError } from 'zod';
import { type Ack, type ClientEvent, type ClientEventAck, clientEventSchemas } from '@shared/realtime';
import type { z } from '@shared/zod-config';
import { AppError, badRequest, fromZodError } from '../errors';
import { assertSafeInput } from '../input-guard';
import type { AppServer, AppSocket } from './socket-server';

export type Log = { error(obj: unknown, msg: string): void };
type ClientEventInput<E extends ClientEvent> = z.output<(typeof clientEventSchemas)[E]['payload']>;

/** What one feature answers for its own events: each handler gets a payload already parsed by its schema. */
export type ClientEventHandlers<E extends ClientEvent> = {
  [K in E]: (payload: ClientEventInput<K>) => Promise<ClientEventAck<K>>;
};
type AnyHandlers = Partial<ClientEventHandlers<ClientEvent>>;

/** A feature's part of a socket: called once per connection, it returns that socket's handlers. */
export type SocketFeature = (socket: AppSocket) => AnyHandlers;

function toAckError(error: unknown, log: Log): Ack {
  if (error instanceof AppError) return { ok: false, error: { code: error.code, message: error.message } };
  if (error instanceof ZodError) {
    const appError = fromZodError(error);
    return { ok: false, error: { code: appError.code, message: appError.message } };
  }
  log.error({ err: error }, 'socket handler failed');
  return { ok: false, error: { code: 'INTERNAL', message: 'Something went wrong. Please try again.' } };
}

const isClientEvent = (event: string): event is ClientEvent => Object.hasOwn(clientEventSchemas, event);

/**
 * Runs one event through its handler: the payload is parsed with the event's schema from
 * @shared/realtime's map (so handlers only ever see valid input) and the handler's result answers
 * the ack. Unknown events, bad payloads and missing acks never throw inside Socket.IO.
 */
async function dispatch(handlers: AnyHandlers, event: ClientEvent, payload: unknown): Promise<object> {
  // biome-ignore lint/plugin: the handler of `event` takes that event's payload, which the next line parses with the same event's schema; TypeScript cannot pair the two through a union key.
  const handler = handlers[event] as ((input: unknown) => Promise<object>) | undefined;
  if (!handler) throw badRequest(`Unknown event ${JSON.stringify(event)}`);
  return handler(clientEventSchemas[event].payload.parse(assertSafeInput(payload)));
}

/**
 * One router for every browser event, whichever feature answers it (sessions, live): each socket
 * gets the handlers of every feature, and every event exactly one acknowledgement.
 */
export function routeClientEvents(server: AppServer, features: SocketFeature[], log: Log) {
  server.on('connection', (socket) => {
    const handlers: AnyHandlers = Object.assign({}, ...features.map((feature) => feature(socket)));
    socket.onAny(async (event: string, ...args: unknown[]) => {
      const last = args.at(-1);
      // Socket.IO's acknowledgement callback, when the browser asked for one.
      const reply = (answer: Ack): void => {
        if (typeof last === 'function') last(answer);
      };
      try {
        if (!isClientEvent(event)) throw badRequest(`Unknown event ${JSON.stringify(event.slice(0, 64))}`);
        reply({ ok: true, ...(await dispatch(handlers, event, args[0])) });
      } catch (error) {
        reply(toAckError(error, log));
      }
    });
  });
}
