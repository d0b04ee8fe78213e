// @vitest-environment jsdom
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connectFakeSocket, FakeSocket } from '../../../tests/unit/fake-socket';
import { useLivePresence } from './live-presence';
import { disconnectSocket } from './socket';

/** A connected socket: the page's emits are answered at once, and the test plays the server's events. */
let socket: FakeSocket;

beforeEach(async () => {
  socket = new FakeSocket();
  socket.connected = true;
  await connectFakeSocket(socket);
});
afterEach(() => {
  cleanup();
  disconnectSocket();
});

type Readers = { readers: { id: string; isOnline: boolean }[] };
const queryKey = ['readers-under-test'];

/**
 * The server: each fetch reads Kai's presence when it arrives, and answers when the test lets it,
 * so a fetch can be caught in flight while his presence changes.
 */
function slowServer() {
  const state = { kaiOnline: true };
  const waiting: (() => void)[] = [];
  const fetchReaders = () => {
    const answer: Readers = { readers: [{ id: 'kai', isOnline: state.kaiOnline }] };
    return new Promise<Readers>((resolve) => waiting.push(() => resolve(answer)));
  };
  const answerAll = () => {
    for (const answer of waiting.splice(0)) answer();
  };
  return { state, fetchReaders, answerAll, pending: () => waiting.length };
}

function Directory({ fetchReaders }: { fetchReaders: () => Promise<Readers> }) {
  const { data } = useQuery({ queryKey, queryFn: fetchReaders });
  useLivePresence<Readers>(queryKey, (current, readerId, change) => ({
    readers: current.readers.map((reader) => (reader.id === readerId ? { ...reader, ...change } : reader)),
  }));
  return <p>{data ? `Kai ${data.readers[0]!.isOnline ? 'Online' : 'Offline'}` : 'Loading'}</p>;
}

/** The directory open and settled, showing Kai Online. */
async function openDirectory() {
  const server = slowServer();
  const client = new QueryClient();
  const page = render(
    <QueryClientProvider client={client}>
      <Directory fetchReaders={server.fetchReaders} />
    </QueryClientProvider>,
  );
  await act(async () => server.answerAll());
  await waitFor(() => expect(page.container.textContent).toBe('Kai Online'));
  return { server, client, page };
}

describe('useLivePresence', () => {
  it('applies a change heard while nothing is fetching', async () => {
    const { server, page } = await openDirectory();

    server.state.kaiOnline = false;
    act(() => socket.serverSends('reader_status', { readerId: 'kai', isOnline: false }));
    await waitFor(() => expect(page.container.textContent).toBe('Kai Offline'));
    expect(server.pending()).toBe(0);
  });

  it('keeps a change heard while a fetch from before it is in flight, instead of that fetch’s stale answer', async () => {
    const { server, client, page } = await openDirectory();

    // A reconnect: watching starts again and the directory is fetched, reading Kai online.
    act(() => socket.emitReserved('connect'));
    expect(server.pending()).toBe(1);
    // Kai goes offline before that answer lands.
    server.state.kaiOnline = false;
    act(() => socket.serverSends('reader_status', { readerId: 'kai', isOnline: false }));
    await waitFor(() => expect(page.container.textContent).toBe('Kai Offline'));

    await act(async () => server.answerAll());
    await act(async () => server.answerAll());
    await waitFor(() => expect(client.isFetching({ queryKey })).toBe(0));
    expect(page.container.textContent).toBe('Kai Offline');
  });
});
