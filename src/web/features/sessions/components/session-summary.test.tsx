// @vitest-environment jsdom
import type { ReadingSession } from '@shared/sessions';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testReadingSession } from '../../../../../tests/unit/test-reading-session';
import type { EndedState } from '../use-reading-room';
import { SessionSummary } from './session-summary';

const endedAt = new Date().toISOString();

function endedSession(overrides: Partial<ReadingSession> = {}): ReadingSession {
  return testReadingSession({
    ratePerMinuteCents: 299,
    totalCostCents: 598,
    readerEarningsCents: 418,
    client: { id: 'c1', name: 'Sol Nakamura', avatarUrl: null },
    requestedAt: endedAt,
    startedAt: endedAt,
    endedAt,
    ratableUntil: new Date(Date.now() + 7 * 24 * 60 * 60 * 1000).toISOString(),
    ...overrides,
  });
}

function liveEnd(session: ReadingSession, isEndedByMe: boolean): EndedState {
  return {
    event: {
      sessionId: session.id,
      reason: 'completed',
      endedBy: null,
      totalMinutes: session.minutesCharged,
      totalCostCents: session.totalCostCents,
      refundedCents: session.refundedCents,
      readerEarningsCents: session.readerEarningsCents,
    },
    isEndedByMe,
    isLive: true,
  };
}

function renderSummary(session: ReadingSession, options: { isClient: boolean; isEndedByMe: boolean }) {
  const router = createMemoryRouter(
    [
      {
        path: '/reading/:id',
        element: (
          <SessionSummary session={session} ended={liveEnd(session, options.isEndedByMe)} isClient={options.isClient} />
        ),
      },
      { path: '/dashboard', element: <h1>Dashboard</h1> },
    ],
    { initialEntries: ['/reading/s1'] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const advance = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval'] });
  Element.prototype.scrollIntoView = vi.fn();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** The receipt's answer: what promotional credit paid of the reading. */
function receiptPaidWithCredit(creditCents: number) {
  const receipt = {
    sessionId: 's1',
    readerName: 'Luna Starweaver',
    type: 'chat',
    ratePerMinuteCents: 299,
    minutes: [],
    totalCents: 598,
    creditCents,
    refundedCents: 0,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify(receipt), { status: 200, headers: { 'Content-Type': 'application/json' } }),
    ),
  );
}

describe('SessionSummary', () => {
  it('keeps a client with a reading to rate on the summary, however long they take', async () => {
    const router = renderSummary(endedSession(), { isClient: true, isEndedByMe: true });
    await advance(60_000);
    expect(router.state.location.pathname).toBe('/reading/s1');
    expect(screen.getByRole('form', { name: 'Rate your reading' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says what promotional credit paid of the reading, to the client, only when it paid some', async () => {
    receiptPaidWithCredit(250);
    renderSummary(endedSession(), { isClient: true, isEndedByMe: true });
    await advance(0);
    expect(screen.getByTestId('summary-credit').textContent).toBe('$2.50');
    expect(screen.getByTestId('summary-cost').textContent).toBe('$5.98');
    cleanup();

    receiptPaidWithCredit(0);
    renderSummary(endedSession(), { isClient: true, isEndedByMe: true });
    await advance(0);
    expect(screen.queryByTestId('summary-credit')).toBeNull();
  });

  it('leaves at once when the client presses Skip', async () => {
    const router = renderSummary(endedSession(), { isClient: true, isEndedByMe: false });
    fireEvent.click(screen.getByRole('button', { name: 'Skip' }));
    await advance(0);
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('keeps the SPEC delays for a reader (3 s) and a client with nothing to rate (2 s when they ended it)', async () => {
    const forReader = renderSummary(endedSession(), { isClient: false, isEndedByMe: false });
    expect(screen.queryByRole('button', { name: 'Skip' })).toBeNull();
    await advance(2900);
    expect(forReader.state.location.pathname).toBe('/reading/s1');
    await advance(200);
    expect(forReader.state.location.pathname).toBe('/dashboard');
    cleanup();

    const refunded = renderSummary(endedSession({ refundedCents: 598, ratableUntil: null }), {
      isClient: true,
      isEndedByMe: true,
    });
    await advance(1900);
    expect(refunded.state.location.pathname).toBe('/reading/s1');
    await advance(200);
    expect(refunded.state.location.pathname).toBe('/dashboard');
  });
});
