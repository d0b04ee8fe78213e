import type { EventEmitter } from 'node:events';
import { useEffect } from 'react';

/**
 * `useSocketEvent` over a test's own emitter, for a `vi.mock` of the socket module: the test then
 * speaks for the server with `emitter.emit(event, payload)`.
 */
export function useEmitterEvent(emitter: EventEmitter, event: string, handler: (payload: unknown) => void): void {
  useEffect(() => {
    emitter.on(event, handler);
    return () => {
      emitter.off(event, handler);
    };
  }, [emitter, event, handler]);
}
