// @vitest-environment jsdom
import type { Profile } from '@shared/auth';
import type { QueuePlace } from '@shared/queue';
import type { Reader } from '@shared/readers';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queueKeys } from '@/features/queue';
import { profileQueryKey } from '@/lib/auth';
import { testReader as reader } from '../../../../tests/unit/test-reader';
import { ReadingActions } from './reading-actions';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const profile = (role: string): Profile => ({
  id: 'u1',
  email: 'c@example.com',
  fullName: 'Client',
  avatarUrl: null,
  role,
  walletBalanceCents: 5000,
  creditCents: 0,
  createdAt: '2026-01-01T00:00:00Z',
});
const place = (overrides: Partial<QueuePlace> = {}): QueuePlace => ({
  readerId: 'r1',
  readerName: 'Selene Moon',
  readerUsername: 'selene',
  sessionType: 'audio',
  ratePerMinuteCents: 299,
  position: 2,
  joinedAt: '2026-01-01T00:00:00Z',
  offerExpiresAt: null,
  ...overrides,
});
const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

/** The viewer (null: a visitor) and their place in a line, as the server would answer them. */
function renderActions(status: Reader['status'], viewer: Profile | null, held: QueuePlace | null = null) {
  const fetchMock = vi.fn(async (input: string) => {
    if (input === '/api/auth/profile') return json(200, viewer);
    if (input === '/api/queue') return json(200, { place: held });
    return json(204);
  });
  vi.stubGlobal('fetch', fetchMock);
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  queryClient.setQueryData(profileQueryKey, viewer);
  if (viewer?.role === 'client') queryClient.setQueryData(queueKeys.place, { place: held });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <ReadingActions reader={reader(status)} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return fetchMock;
}

describe('ReadingActions', () => {
  it('offers a signed-in client the queue of a busy reader instead of the disabled buttons', () => {
    renderActions('busy', profile('client'));
    expect(screen.getByRole('button', { name: 'Join queue for Selene Moon' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Start Chat Reading' })).toBeNull();
  });

  it('keeps the disabled buttons for visitors and readers, who cannot queue', () => {
    for (const viewer of [null, profile('reader')]) {
      renderActions('busy', viewer);
      expect(screen.queryByRole('button', { name: /Join queue/ })).toBeNull();
      expect((screen.getByRole('button', { name: 'Start Chat Reading' }) as HTMLButtonElement).disabled).toBe(true);
      cleanup();
    }
  });

  it("shows the client's place in this reader's line, even once the reader is free, and leaves it", async () => {
    const fetchMock = renderActions('online', profile('client'), place());
    expect(screen.getByTestId('queue-position').textContent).toBe('You are #2 in line');
    expect(screen.getByText('Audio reading · $2.99/min')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Leave queue' }));
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith('/api/readers/r1/queue', expect.objectContaining({ method: 'DELETE' })),
    );
    await waitFor(() => expect(screen.getByRole('link', { name: 'Start Chat Reading with Selene Moon' })).toBeTruthy());
  });

  it("says it is the client's turn while the reader is kept for them", () => {
    renderActions('online', profile('client'), place({ position: 1, offerExpiresAt: '2026-01-01T00:01:00Z' }));
    expect(screen.getByTestId('queue-position').textContent).toBe("It's your turn");
  });

  it("shows the reading buttons on another reader's card while the client waits in one line", () => {
    renderActions('online', profile('client'), place({ readerId: 'r2' }));
    expect(screen.getByRole('link', { name: 'Start Chat Reading with Selene Moon' }).getAttribute('href')).toBe(
      '/session/r1?type=chat',
    );
  });
});
