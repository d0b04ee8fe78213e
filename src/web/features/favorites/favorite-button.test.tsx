// @vitest-environment jsdom
import type { Profile } from '@shared/auth';
import type { FavoriteReader } from '@shared/favorites';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { profileQueryKey } from '@/lib/auth';
import { toast } from '@/lib/toast';
import { FavoriteButton } from './favorite-button';

const reader = {
  id: 'r1',
  fullName: 'Selene Moon',
  username: 'selene',
  profileImage: null,
  specialties: ['Tarot'],
  isOnline: true,
};
const profile = (role: string): Profile => ({
  id: 'u1',
  email: 'c@example.com',
  fullName: 'Client',
  avatarUrl: null,
  role,
  walletBalanceCents: 0,
  creditCents: 0,
  createdAt: '2026-01-01T00:00:00Z',
});
const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

/** The profile and favorites endpoints over one list; writes wait for `release`, and `failWrites` makes them answer 500. */
function fakeServer(hearted: FavoriteReader[], options: { role?: string; failWrites?: boolean } = {}) {
  let release: () => void = () => undefined;
  const writeGate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    if (input === '/api/auth/profile') return json(200, profile(options.role ?? 'client'));
    if (input === '/api/favorites') return json(200, { readers: hearted });
    await writeGate;
    if (options.failWrites) return json(500, { error: { code: 'INTERNAL', message: 'Down' } });
    if (init?.method === 'PUT')
      hearted.push({ ...reader, isBusy: false, isFavorite: true, completedSessionsWithYou: 0 });
    return json(204);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, release };
}

function renderButton(role: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(profileQueryKey, profile(role));
  render(
    <QueryClientProvider client={queryClient}>
      <FavoriteButton reader={reader} />
    </QueryClientProvider>,
  );
}

/** The heart waits for the hearted list before it can be pressed. */
async function enabledButton(name: string) {
  const button = await screen.findByRole('button', { name });
  await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
  return button;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('FavoriteButton', () => {
  it('hearts at once, before the server answers, and stays hearted after', async () => {
    const server = fakeServer([]);
    renderButton('client');
    fireEvent.click(await enabledButton('Add to favorites'));
    expect(await screen.findByRole('button', { name: 'Remove from favorites' })).toBeTruthy();
    expect(server.fetchMock).toHaveBeenCalledWith('/api/favorites/r1', expect.objectContaining({ method: 'PUT' }));
    server.release();
    expect(await screen.findByRole('button', { name: 'Remove from favorites' })).toBeTruthy();
  });

  it('goes back and says so when the server refuses', async () => {
    const server = fakeServer([{ ...reader, isBusy: false, isFavorite: true, completedSessionsWithYou: 2 }], {
      failWrites: true,
    });
    renderButton('client');
    fireEvent.click(await enabledButton('Remove from favorites'));
    expect(await screen.findByRole('button', { name: 'Add to favorites' })).toBeTruthy();
    server.release();
    expect(await screen.findByRole('button', { name: 'Remove from favorites' })).toBeTruthy();
    expect(toast.error).toHaveBeenCalledWith('Could not remove from favorites');
  });

  it('is not there for a reader or an admin, who have no favorites to fetch', () => {
    for (const role of ['reader', 'admin']) {
      const server = fakeServer([], { role });
      renderButton(role);
      expect(screen.queryByRole('button', { name: /favorites/ })).toBeNull();
      expect(server.fetchMock.mock.calls.map(([url]) => url)).not.toContain('/api/favorites');
      cleanup();
    }
  });
});
