// @vitest-environment jsdom
import { SERVER_EVENTS } from '@shared/realtime';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { disconnectSocket } from '@/lib/socket';
import { connectFakeSocket, FakeSocket } from '../../../../tests/unit/fake-socket';
import { testReadingSession } from '../../../../tests/unit/test-reading-session';
import { usePendingRequest } from './use-pending-request';

let fake: FakeSocket;

beforeEach(() => {
  fake = new FakeSocket();
});

afterEach(() => {
  disconnectSocket();
  cleanup();
});

function renderPendingRequest() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/session/r1?type=chat']}>{children}</MemoryRouter>
    </QueryClientProvider>
  );
  return renderHook(() => ({ request: usePendingRequest('r1'), path: useLocation().pathname }), { wrapper });
}

const requested = testReadingSession({
  id: 's9',
  status: 'requested',
  startedAt: null,
  endedAt: null,
  endReason: null,
  expiresAt: '2099-01-01T00:00:00.000Z',
});

describe("a client's pending request", () => {
  it('opens the reading when the reader accepts before the page has rendered the request it waits for', async () => {
    const { result } = renderPendingRequest();
    await act(() => connectFakeSocket(fake));
    await act(async () => {
      // The POST's answer and the reader's acceptance in the same task: no render in between.
      result.current.request.wait(requested);
      fake.serverSends(SERVER_EVENTS.sessionResponse, { sessionId: 's9', response: 'accept', status: 'accepted' });
    });
    await vi.waitFor(() => expect(result.current.path).toBe('/reading/s9'));
  });

  it('opens the reading when the acceptance came before the request’s own answer', async () => {
    const { result } = renderPendingRequest();
    await act(() => connectFakeSocket(fake));
    await act(async () => {
      fake.serverSends(SERVER_EVENTS.sessionResponse, { sessionId: 's9', response: 'accept', status: 'accepted' });
    });
    act(() => result.current.request.wait(requested));
    await vi.waitFor(() => expect(result.current.path).toBe('/reading/s9'));
  });

  it('shows a decline and stops waiting', async () => {
    const { result } = renderPendingRequest();
    await act(() => connectFakeSocket(fake));
    act(() => result.current.request.wait(requested));
    await act(async () => {
      fake.serverSends(SERVER_EVENTS.sessionResponse, { sessionId: 's9', response: 'decline', status: 'declined' });
    });
    await vi.waitFor(() => expect(result.current.request.outcome).toBe('decline'));
    expect(result.current.request.pending).toBeNull();
    expect(result.current.path).toBe('/session/r1');
  });
});
