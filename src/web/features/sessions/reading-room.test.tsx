// @vitest-environment jsdom
import type { Profile } from '@shared/auth';
import type { ReadingSession, RtcConfig } from '@shared/sessions';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { disconnectSocket } from '@/lib/socket';
import { connectFakeSocket, FakeSocket } from '../../../../tests/unit/fake-socket';
import { testReadingSession } from '../../../../tests/unit/test-reading-session';
import { ReadingRoom } from './reading-room';

/**
 * The room's socket, still signing in (so the room is not joined): the test speaks for the server
 * (billing_update, session_ended).
 */
let socket: FakeSocket;
const startedAt = '2026-11-27T09:00:00.000Z';
const reader: Profile = { id: 'r1', role: 'reader', walletBalanceCents: 0 } as Profile;

const session = (overrides: Partial<ReadingSession>) =>
  testReadingSession({
    status: 'active',
    endReason: null,
    endedAt: null,
    requestedAt: startedAt,
    startedAt,
    ...overrides,
  });

const refunded = session({
  status: 'completed',
  endReason: 'completed',
  endedAt: '2026-11-27T09:00:18.000Z',
  totalCostCents: 798,
  refundedCents: 798,
  readerEarningsCents: 0,
});

/** The server as the page asks it: the session's final row, no messages, no profile. */
function serve(final: ReadingSession) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const body = url.endsWith('/messages') ? { messages: [] } : url.startsWith('/api/sessions/') ? final : {};
      return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
    }),
  );
}

function renderRoom(initial: ReadingSession, me: Profile, rtcConfig?: RtcConfig) {
  const router = createMemoryRouter(
    [{ path: '/reading/:id', element: <ReadingRoom initialSession={initial} me={me} rtcConfig={rtcConfig} /> }],
    {
      initialEntries: ['/reading/s1'],
    },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

beforeEach(async () => {
  socket = new FakeSocket();
  await connectFakeSocket(socket);
  vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval', 'Date'] });
  vi.setSystemTime(new Date('2026-11-27T09:17:28.000Z'));
  Element.prototype.scrollIntoView = vi.fn();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  disconnectSocket();
});

describe('ReadingRoom', () => {
  it('shows an ended reading its own duration, frozen, as the summary counts it (not the time since it started)', async () => {
    serve(refunded);
    renderRoom(refunded, reader);
    expect(screen.getByTestId('reading-timer').textContent).toBe('00:18');
    expect(screen.getByTestId('summary-duration').textContent).toBe('00:18');
    await act(async () => void (await vi.advanceTimersByTimeAsync(10 * 60_000)));
    expect(screen.getByTestId('reading-timer').textContent).toBe('00:18');
  });

  it('shows the reader of a refunded reading what the ledger holds: $0.00, Refunded', () => {
    serve(refunded);
    renderRoom(refunded, reader);
    expect(screen.getByTestId('reading-cost').textContent).toBe('$0.00');
    expect(screen.getByTestId('reading-earnings').textContent).toBe('$0.00');
    expect(screen.getByTestId('reading-earnings-note').textContent).toBe('Refunded');
  });

  it('takes the reader’s share from the server while the reading runs, and its refund when it ends', async () => {
    const running = session({});
    serve(refunded);
    renderRoom(running, reader);
    expect(screen.getByTestId('reading-earnings').textContent).toBe('$5.58');
    const minute = {
      sessionId: 's1',
      minutesCharged: 3,
      totalCostCents: 1197,
      readerEarningsCents: 837,
      clientBalanceCents: 0,
      ratePerMinuteCents: 399,
    };
    // An event is handled once its payload's schema has loaded (lib/server-events.ts): not in this tick.
    await act(
      async () =>
        void socket.serverSends('billing_update', {
          ...minute,
          free: false,
          freeMinutes: 0,
          isFinalMinute: false,
          nextMinuteAt: null,
        }),
    );
    await vi.waitFor(() => expect(screen.getByTestId('reading-earnings').textContent).toBe('$8.37'));
    const end = {
      sessionId: 's1',
      reason: 'completed',
      endedBy: 'c1',
      totalMinutes: 3,
      totalCostCents: 0,
      refundedCents: 1197,
      readerEarningsCents: 0,
    };
    await act(async () => void socket.serverSends('session_ended', end));
    await vi.waitFor(() => expect(screen.getByTestId('reading-earnings').textContent).toBe('$0.00'));
    expect(screen.getByTestId('reading-earnings-note').textContent).toBe('Refunded');
    expect(screen.queryByTestId('summary-earnings')).toBeNull();
  });

  // Decision 057: after a reload the reader's timer said 00:29 and the client's 00:21 at the same moment.
  it("times a running reading from the server's start of its current minute, ticking whether or not this page's call is up yet", async () => {
    const client: Profile = { id: 'c1', role: 'client', walletBalanceCents: 5000 } as Profile;
    // Minute 2 was charged 30 s ago (09:16:58), 1 minute after a start moved on by a pause: 01:30, not 17:28 since startedAt.
    const running = session({ minutesCharged: 2, nextMinuteAt: '2026-11-27T09:17:58.000Z' });
    serve(running);
    renderRoom(running, client, { iceServers: [], billingMinuteMs: 60_000 });
    expect(screen.getByTestId('reading-timer').textContent).toBe('01:30');
    // Just reloaded: the reader's presence is not known yet, and the timer runs on regardless.
    await act(async () => void (await vi.advanceTimersByTimeAsync(5_000)));
    expect(screen.getByTestId('reading-timer').textContent).toBe('01:35');
    // Minute 3 falls due at 09:17:58; the timer goes no further than the minutes billed until it is charged, then follows its start.
    await act(async () => void (await vi.advanceTimersByTimeAsync(27_000)));
    expect(screen.getByTestId('reading-timer').textContent).toBe('02:00');
    const minute = {
      sessionId: 's1',
      minutesCharged: 3,
      totalCostCents: 1197,
      readerEarningsCents: 837,
      clientBalanceCents: 3803,
      ratePerMinuteCents: 399,
    };
    await act(
      async () =>
        void socket.serverSends('billing_update', {
          ...minute,
          free: false,
          freeMinutes: 0,
          isFinalMinute: false,
          nextMinuteAt: '2026-11-27T09:18:58.000Z',
        }),
    );
    await vi.waitFor(() => expect(screen.getByTestId('reading-timer').textContent).toBe('02:02'));
  });
});
