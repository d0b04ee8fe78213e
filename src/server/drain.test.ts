import { createServer, type IncomingMessage } from 'node:http';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { watchArrivals } from './drain';

describe('a draining node waiting for its load balancer to let go', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const setUp = () => {
    const server = createServer();
    const arrivals = watchArrivals(server, () => Date.now());
    const arrive = (event: 'request' | 'upgrade', url: string) => server.emit(event, { url } as IncomingMessage, {});
    let isDone = false;
    const wait = (quietMs: number, deadline: number) =>
      void arrivals.untilQuiet(quietMs, deadline).then(() => {
        isDone = true;
      });
    return { arrive, wait, done: () => isDone };
  };

  it('closes once no request but health probes and Socket.IO connections has arrived for the quiet time', async () => {
    const start = Date.now();
    const { arrive, wait, done } = setUp();
    arrive('request', '/api/sessions/1');
    wait(1000, start + 5000);
    await vi.advanceTimersByTimeAsync(600);
    arrive('request', '/readers');
    await vi.advanceTimersByTimeAsync(500);
    expect(done()).toBe(false);
    arrive('request', '/api/health/ready');
    arrive('request', '/api/health/live');
    arrive('upgrade', '/socket.io/?EIO=4&transport=websocket');
    arrive('request', '/socket.io/?EIO=4&transport=polling');
    await vi.advanceTimersByTimeAsync(450);
    expect(done()).toBe(false);
    await vi.advanceTimersByTimeAsync(50);
    expect(done()).toBe(true);
    expect(Date.now() - start).toBe(1600);
  });

  it('closes at the deadline while requests keep arriving', async () => {
    const start = Date.now();
    const { arrive, wait, done } = setUp();
    wait(1000, start + 3000);
    for (let i = 0; i < 5; i++) {
      arrive('request', '/');
      await vi.advanceTimersByTimeAsync(500);
    }
    expect(done()).toBe(false);
    arrive('request', '/');
    await vi.advanceTimersByTimeAsync(500);
    expect(done()).toBe(true);
    expect(Date.now() - start).toBe(3000);
  });
});
