// @vitest-environment jsdom
import type { CurrentQueuePlace } from '@shared/queue';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QUERY_STALE_TIME_MS } from '@/lib/query-client';
import { disconnectSocket } from '@/lib/socket';
import { queueKeys } from './api';
import { QueueOfferDialog } from './queue-offer-dialog';
import { connectFakeSocket, FakeSocket } from '../../../../tests/unit/fake-socket';

const waiting = {
  readerId: 'r1',
  readerName: 'Vega Queuewell',
  readerUsername: 'vega',
  sessionType: 'chat' as const,
  ratePerMinuteCents: 199,
  position: 1,
  joinedAt: '2026-11-27T07:00:00.000Z',
  offerExpiresAt: null,
};

/** A socket that connected before the dialog's code loaded: no `connect` reaches the dialog. */
beforeEach(() => connectFakeSocket(new FakeSocket()));
afterEach(() => {
  cleanup();
  disconnectSocket();
  vi.unstubAllGlobals();
});

describe('QueueOfferDialog', () => {
  it('shows an offer the server made before the dialog was listening, not the place the page had fetched earlier', async () => {
    const offered: CurrentQueuePlace = {
      place: { ...waiting, offerExpiresAt: new Date(Date.now() + 5_000).toISOString() },
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(offered), { headers: { 'Content-Type': 'application/json' } })),
    );
    // The profile page fetched the place (#1, no offer) with the app's stale time, before the offer.
    const queryClient = new QueryClient({
      defaultOptions: { queries: { staleTime: QUERY_STALE_TIME_MS, retry: false } },
    });
    queryClient.setQueryData<CurrentQueuePlace>(queueKeys.place, { place: waiting });
    render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <QueueOfferDialog />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const offer = await screen.findByRole('dialog', { name: "It's your turn" });
    expect(offer.textContent).toContain('Vega Queuewell is free now and kept for you: a chat reading at $1.99/min.');
  });
});
