// @vitest-environment jsdom
import type { CurrentQueuePlace } from '@shared/queue';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QUERY_STALE_TIME_MS } from '@/lib/query-client';
import { disconnectSocket } from '@/lib/socket';
import { connectFakeSocket, FakeSocket } from '../../../../tests/unit/fake-socket';
import { queueKeys } from './api';
import { QueueOfferDialog } from './queue-offer-dialog';

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

const renderDialog = (queryClient: QueryClient) =>
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <QueueOfferDialog />
      </MemoryRouter>
    </QueryClientProvider>,
  );

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
    renderDialog(queryClient);
    const offer = await screen.findByRole('dialog', { name: "It's your turn" });
    expect(offer.textContent).toContain('Vega Queuewell is free now and kept for you: a chat reading at $1.99/min.');
  });

  it('opens on Start reading and keeps the place through Escape and a click beside it: only Not now gives it up', async () => {
    const offered: CurrentQueuePlace = {
      place: { ...waiting, offerExpiresAt: new Date(Date.now() + 30_000).toISOString() },
    };
    const fetch = vi.fn(
      async (_input: string, _init?: RequestInit) =>
        new Response(JSON.stringify(offered), { headers: { 'Content-Type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', fetch);
    const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
    queryClient.setQueryData<CurrentQueuePlace>(queueKeys.place, offered);
    renderDialog(queryClient);
    const offer = await screen.findByRole('dialog', { name: "It's your turn" });
    await vi.waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Start reading' })));
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();

    fireEvent.keyDown(offer, { key: 'Escape' });
    fireEvent.pointerDown(document.body);

    expect(screen.getByRole('dialog', { name: "It's your turn" })).toBe(offer);
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'DELETE')).toEqual([]);
  });
});
