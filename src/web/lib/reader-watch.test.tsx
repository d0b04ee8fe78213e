// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectFakeSocket, FakeSocket } from '../../../tests/unit/fake-socket';
import { useReaderWatch } from './reader-watch';
import { disconnectSocket } from './socket';

/** The tab's connection, signed in: it records what the page sent and answers every acknowledgement at once. */
async function signIn(connected = true) {
  const socket = new FakeSocket();
  socket.connected = connected;
  await act(() => connectFakeSocket(socket));
  return socket;
}

function Watcher({ onWatching }: { onWatching: () => void }) {
  useReaderWatch(onWatching);
  return null;
}

afterEach(() => {
  cleanup();
  disconnectSocket();
});

describe('useReaderWatch', () => {
  it('watches while a page shows presence, refetches each time watching starts, and unwatches when the last one goes', async () => {
    const socket = await signIn();
    const refetchDirectory = vi.fn();
    const refetchFavorites = vi.fn();
    const directory = render(<Watcher onWatching={refetchDirectory} />);
    const favorites = render(<Watcher onWatching={refetchFavorites} />);
    expect(socket.sent).toEqual(['watch_readers', 'watch_readers']);
    expect([refetchDirectory.mock.calls.length, refetchFavorites.mock.calls.length]).toEqual([1, 1]);

    // A new connection has no rooms: both join again and fetch what they missed.
    socket.emitReserved('connect');
    expect(socket.sent).toEqual(['watch_readers', 'watch_readers', 'watch_readers', 'watch_readers']);
    expect([refetchDirectory.mock.calls.length, refetchFavorites.mock.calls.length]).toEqual([2, 2]);

    directory.unmount();
    expect(socket.sent.at(-1)).toBe('watch_readers');
    favorites.unmount();
    expect(socket.sent.at(-1)).toBe('unwatch_readers');
    socket.emitReserved('connect');
    expect(socket.sent.at(-1)).toBe('unwatch_readers');
  });

  it('waits for the connection before joining, and does nothing for a visitor without one', async () => {
    const refetch = vi.fn();
    render(<Watcher onWatching={refetch} />);
    expect(refetch).not.toHaveBeenCalled();
    cleanup();

    const socket = await signIn(false);
    render(<Watcher onWatching={refetch} />);
    expect(socket.sent).toEqual([]);
    socket.connected = true;
    socket.emitReserved('connect');
    expect(socket.sent).toEqual(['watch_readers']);
    expect(refetch).toHaveBeenCalledTimes(1);
  });
});
