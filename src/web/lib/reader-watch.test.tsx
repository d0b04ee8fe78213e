// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useReaderWatch } from './reader-watch';

/** A socket that records what the page sent and answers every acknowledgement at once. */
class FakeSocket extends EventEmitter {
  connected = true;
  sent: string[] = [];
  override emit(event: string, ...args: unknown[]): boolean {
    if (event === 'connect') return super.emit(event);
    this.sent.push(event);
    const ack = args.at(-1);
    if (typeof ack === 'function') ack({ ok: true });
    return true;
  }
  reconnect() {
    super.emit('connect');
  }
}

let socket: FakeSocket | null = null;
vi.mock('./socket', () => ({ useSocket: () => socket }));

function Watcher({ onWatching }: { onWatching: () => void }) {
  useReaderWatch(onWatching);
  return null;
}

afterEach(() => {
  cleanup();
  socket = null;
});

describe('useReaderWatch', () => {
  it('watches while a page shows presence, refetches each time watching starts, and unwatches when the last one goes', () => {
    socket = new FakeSocket();
    const refetchDirectory = vi.fn();
    const refetchFavorites = vi.fn();
    const directory = render(<Watcher onWatching={refetchDirectory} />);
    const favorites = render(<Watcher onWatching={refetchFavorites} />);
    expect(socket.sent).toEqual(['watch_readers', 'watch_readers']);
    expect([refetchDirectory.mock.calls.length, refetchFavorites.mock.calls.length]).toEqual([1, 1]);

    // A new connection has no rooms: both join again and fetch what they missed.
    socket.reconnect();
    expect(socket.sent).toEqual(['watch_readers', 'watch_readers', 'watch_readers', 'watch_readers']);
    expect([refetchDirectory.mock.calls.length, refetchFavorites.mock.calls.length]).toEqual([2, 2]);

    directory.unmount();
    expect(socket.sent.at(-1)).toBe('watch_readers');
    favorites.unmount();
    expect(socket.sent.at(-1)).toBe('unwatch_readers');
    socket.reconnect();
    expect(socket.sent.at(-1)).toBe('unwatch_readers');
  });

  it('waits for the connection before joining, and does nothing for a visitor without one', () => {
    const refetch = vi.fn();
    render(<Watcher onWatching={refetch} />);
    expect(refetch).not.toHaveBeenCalled();
    cleanup();

    socket = new FakeSocket();
    socket.connected = false;
    render(<Watcher onWatching={refetch} />);
    expect(socket.sent).toEqual([]);
    socket.connected = true;
    socket.reconnect();
    expect(socket.sent).toEqual(['watch_readers']);
    expect(refetch).toHaveBeenCalledTimes(1);
  });
});
