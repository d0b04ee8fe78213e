// @vitest-environment jsdom
import type { Profile } from '@shared/auth';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { toast } from '@/lib/toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { profileQueryKey } from '@/lib/auth';
import { useSignOut } from './use-sign-out';

const profile: Profile = {
  id: 'u1',
  email: 'luna@example.com',
  fullName: 'Luna',
  avatarUrl: null,
  role: 'client',
  walletBalanceCents: 5000,
  createdAt: '2025-01-01T00:00:00.000Z',
};

function SignOutButton() {
  const { signOut } = useSignOut();
  return (
    <button type="button" onClick={() => void signOut()}>
      Sign out
    </button>
  );
}

function setup() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } });
  queryClient.setQueryData(profileQueryKey, profile);
  queryClient.setQueryData(['sessions', 'history'], ['a session of Luna']);
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>home</p> },
      { path: '/dashboard', element: <SignOutButton /> },
    ],
    { initialEntries: ['/dashboard'] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { queryClient, router };
}

beforeEach(() => vi.clearAllMocks());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('useSignOut', () => {
  it('goes home, forgets the user and says so', async () => {
    const fetchMock = vi.fn(async () => new Response('{"success":true}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const { queryClient, router } = setup();
    await act(async () => screen.getByRole('button', { name: 'Sign out' }).click());

    expect(fetchMock).toHaveBeenCalledWith('/api/auth/sign-out', expect.objectContaining({ method: 'POST', body: '{}' }));
    expect(router.state.location.pathname).toBe('/');
    expect(queryClient.getQueryData(profileQueryKey)).toBeNull();
    expect(queryClient.getQueryData(['sessions', 'history'])).toBeUndefined();
    expect(toast.success).toHaveBeenCalledWith('Logged out successfully');
  });

  it('keeps the user signed in and says so when the server refuses', async () => {
    vi.stubGlobal('fetch', async () => new Response('{"error":{"code":"INTERNAL","message":"down"}}', { status: 500 }));
    const { queryClient, router } = setup();
    await act(async () => screen.getByRole('button', { name: 'Sign out' }).click());

    expect(router.state.location.pathname).toBe('/dashboard');
    expect(queryClient.getQueryData(profileQueryKey)).toEqual(profile);
    expect(toast.error).toHaveBeenCalledWith('Failed to log out');
  });
});
