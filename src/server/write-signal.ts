import type { FastifyInstance } from 'fastify';
import { isReadMethod } from './read-methods';

export interface WriteSignal {
  /** Called after every request that changed something through this node (a write that succeeded). */
  onWrite(listener: () => void): void;
}

/**
 * Tells listeners after each successful write (the rendered public pages forget what they kept,
 * rendered-pages.ts). Added before any route: Fastify gives each route the hooks there are when the
 * route's plugin is registered, so a hook added later never hears the feature routes.
 */
export function writeSignal(app: FastifyInstance): WriteSignal {
  const listeners = new Set<() => void>();
  app.addHook('onResponse', (request, reply, done) => {
    if (!isReadMethod(request.method) && reply.statusCode < 400) for (const listener of listeners) listener();
    done();
  });
  return { onWrite: (listener) => void listeners.add(listener) };
}
