// @vitest-environment jsdom
import type { Profile } from '@shared/auth';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { profileQueryKey } from '@/lib/auth';
import { FollowButton } from './follow-button';

const profile = (id: string): Profile => ({
  id,
  email: 'c@example.com',
  fullName: 'Client',
  avatarUrl: null,
  role: 'client',
  walletBalanceCents: 0,
  creditCents: 0,
  createdAt: '2026-01-01T00:00:00Z',
});
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function renderButton(viewer: Profile | null) {
  const fetchMock = vi.fn(async (_input: string, init?: RequestInit) =>
    json(200, init?.method === 'PUT' ? { following: true, followerCount: 8 } : { following: false, followerCount: 6 }),
  );
  vi.stubGlobal('fetch', fetchMock);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(profileQueryKey, viewer);
  render(
    <QueryClientProvider client={queryClient}>
      <FollowButton readerId="r1" />
    </QueryClientProvider>,
  );
  return fetchMock;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('FollowButton', () => {
  it('follows with the follower count, then shows the server’s count', async () => {
    const fetchMock = renderButton(profile('u1'));
    expect(await screen.findByText('6 followers')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Follow' }));
    expect(await screen.findByRole('button', { name: 'Following' })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('follower-count').textContent).toBe('8 followers'));
    expect(fetchMock).toHaveBeenCalledWith('/api/follows/r1', expect.objectContaining({ method: 'PUT' }));
  });

  it('is not there for a visitor or on the reader’s own page, and asks nothing', () => {
    for (const viewer of [null, profile('r1')]) {
      const fetchMock = renderButton(viewer);
      expect(screen.queryByRole('button', { name: /Follow/ })).toBeNull();
      expect(fetchMock.mock.calls.map(([url]) => url).filter((url) => url.startsWith('/api/follows'))).toEqual([]);
      cleanup();
    }
  });
});
